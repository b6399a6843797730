"""Every notebook of ``notebooks/`` runs top to bottom on a fresh kernel, in its quick version,
and is committed with the outputs of that run, so that a reader sees the tables and plots
without running anything.

The notebooks read ``WONDERS_NOTEBOOK_QUICK``: set to ``1``, they play tens of games and train
for a few updates instead of thousands of games and minutes of training; a reader runs the full
version by leaving it unset. ``make notebooks-outputs`` (this file run as a script) re-executes
them in the quick version and writes the outputs back, less what went to stderr (progress bars). The tests check the committed outputs
(every code cell run, no error, a small file) and that a fresh run raises no error; the figures
themselves are measured in the notebooks and in ``benchmarks/``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="reading the notebooks needs nbformat (the dev extra)")
NotebookClient = pytest.importorskip("nbclient", reason="running the notebooks needs nbclient (the dev "
                                     "extra)").NotebookClient
#: what the notebooks' cells import besides the package (the notebooks and train extras)
NOTEBOOK_EXTRAS = {"ipykernel": "notebooks", "matplotlib": "notebooks", "openskill": "notebooks", "torch": "train"}

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
MAX_BYTES = 400_000  # a committed notebook, its plots included


def execute(notebook: nbformat.NotebookNode, folder: Path) -> None:
    """Run ``notebook`` in place on a fresh kernel, in ``folder`` (where its runs/ go)."""
    NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()


def drop_stderr(notebook: nbformat.NotebookNode) -> None:
    """Remove what the cells wrote to stderr (progress bars, warnings): not part of the results."""
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if not (o.output_type == "stream" and o.name == "stderr")]


def errors(notebook: nbformat.NotebookNode) -> list:
    return [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", [])
            if output.output_type == "error"]


def test_there_are_five_notebooks():
    assert [p.name[:3] for p in NOTEBOOKS] == ["01_", "02_", "03_", "04_", "05_"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_committed_with_the_outputs_of_a_whole_run(path):
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert [cell.execution_count for cell in code] == list(range(1, len(code) + 1)), \
        f"{path.name}: run `make notebooks-outputs` to commit it with the outputs of one whole run"
    assert any(cell.outputs for cell in code) and not errors(notebook)
    assert path.stat().st_size < MAX_BYTES


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path, tmp_path, monkeypatch):
    for module, extra in NOTEBOOK_EXTRAS.items():
        pytest.importorskip(module, reason=f"the notebooks run with {module} (the {extra} extra)")
    monkeypatch.setenv("WONDERS_NOTEBOOK_QUICK", "1")
    notebook = nbformat.read(path, as_version=4)
    execute(notebook, tmp_path)
    assert not errors(notebook)


def write_outputs(paths: list[Path]) -> None:
    """Execute each notebook in its quick version and save it with its outputs."""
    os.environ["WONDERS_NOTEBOOK_QUICK"] = "1"
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        with tempfile.TemporaryDirectory() as folder:
            execute(notebook, Path(folder))
        if errors(notebook):
            sys.exit(f"{path.name}: a cell raised; not written")
        drop_stderr(notebook)
        nbformat.write(notebook, path)
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    write_outputs([Path(p) for p in sys.argv[1:]] or NOTEBOOKS)
