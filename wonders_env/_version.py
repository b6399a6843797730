"""The project's version, in this one place: the build reads it (``pyproject.toml``'s
``[tool.setuptools.dynamic]``) and ``wonders_env.__version__`` is it."""

__version__ = "0.1.0"
