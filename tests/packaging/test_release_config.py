"""The release configuration, which only runs on CI's runners: cibuildwheel reads
``[tool.cibuildwheel]`` (the wheels it would build on each platform, the smoke test each wheel gets)
and ``.github/workflows/wheels.yml`` parses, names its steps, runs the pinned tools and publishes
on a tag only. Each check needs its tool of the release extra (tests/packaging/release_tools.py)."""

import dataclasses
import os
import subprocess
import sys
import tomllib

import pytest
from release_tools import ROOT, release_pins, require

WORKFLOW = ROOT / ".github" / "workflows" / "wheels.yml"
CIBUILDWHEEL = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["cibuildwheel"]
PYTHONS = ("cp310", "cp311", "cp312", "cp313")
WHEELS = {"linux": ("manylinux_x86_64", "manylinux_aarch64"), "macos": ("macosx_arm64",), "windows": ("win_amd64",)}


@pytest.mark.parametrize("platform", sorted(WHEELS))
def test_cibuildwheel_builds_cpython_3_10_to_3_13_on_each_platform(platform):
    require("cibuildwheel")
    env = {name: value for name, value in os.environ.items() if not name.startswith("CIBW_")}
    result = subprocess.run([sys.executable, "-m", "cibuildwheel", "--print-build-identifiers", "--platform", platform],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    expected = [f"{python}-{wheel}" for wheel in WHEELS[platform] for python in PYTHONS]
    assert result.stdout.split() == expected, result.stdout


@pytest.mark.parametrize("identifier", ["cp310-manylinux_x86_64", "cp313-manylinux_aarch64"])
def test_cibuildwheel_builds_on_manylinux_2_28_and_smoke_tests_each_wheel(identifier):
    require("cibuildwheel")
    from cibuildwheel.options import CommandLineArguments, compute_options
    arguments = dataclasses.replace(CommandLineArguments.defaults(), platform="linux", package_dir=ROOT)
    options = compute_options("linux", arguments, env={}).build_options(identifier)
    arch = identifier.split("manylinux_")[1]
    assert f"/manylinux_2_28_{arch}" in options.manylinux_images[arch]
    assert options.repair_command.startswith("auditwheel repair")
    assert options.test_sources == ["tests/packaging/installed_smoke.py"] and (ROOT / options.test_sources[0]).is_file()
    assert options.test_command == f"python {options.test_sources[0]}"


def workflow() -> dict:
    require("pyyaml")
    import yaml
    return yaml.safe_load(WORKFLOW.read_text())


def test_the_workflow_runs_on_pushes_tags_and_pull_requests():
    triggers = workflow()[True]  # YAML 1.1 reads the key `on` as true
    assert triggers["push"] == {"branches": ["main"], "tags": ["v*"]} and "pull_request" in triggers


def test_every_step_of_the_workflow_is_named():
    jobs = workflow()["jobs"]
    assert sorted(jobs) == ["publish", "sdist", "wheels"]
    assert [step["name"] for step in jobs["wheels"]["steps"]] == [
        "Check out", "Build, repair and test the wheels", "Keep the wheels"]
    assert [step["name"] for step in jobs["sdist"]["steps"]] == [
        "Check out", "Set up Python", "Check that a tag names the package's version", "Build the sdist",
        "Install the sdist and test it", "Keep the sdist"]
    assert [step["name"] for step in jobs["publish"]["steps"]] == ["Collect the wheels and the sdist", "Publish"]


def test_the_wheels_are_built_by_the_pinned_cibuildwheel_for_each_configured_architecture():
    job = workflow()["jobs"]["wheels"]
    build = next(step for step in job["steps"] if step["name"] == "Build, repair and test the wheels")
    assert build["uses"] == f"pypa/cibuildwheel@v{release_pins()['cibuildwheel']}"
    assert build["env"]["CIBW_ARCHS"] == "${{ matrix.archs }}"
    configured = {arch for platform in WHEELS for arch in CIBUILDWHEEL[platform]["archs"]}
    assert {entry["archs"] for entry in job["strategy"]["matrix"]["include"]} == configured


def test_the_sdist_is_built_by_the_pinned_build_and_tested_installed():
    steps = {step["name"]: step for step in workflow()["jobs"]["sdist"]["steps"]}
    assert f"pip install build=={release_pins()['build']}" in steps["Build the sdist"]["run"]
    assert "tests/packaging/installed_smoke.py" in steps["Install the sdist and test it"]["run"]
    assert "wonders_env/_version.py" in steps["Check that a tag names the package's version"]["run"]


def test_publishing_happens_on_a_tag_only_by_trusted_publishing():
    job = workflow()["jobs"]["publish"]
    assert job["needs"] == ["wheels", "sdist"]
    assert job["if"] == "github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')"
    assert job["permissions"] == {"id-token": "write"} and job["environment"]["name"] == "pypi"
    publish = job["steps"][-1]
    assert publish["uses"] == "pypa/gh-action-pypi-publish@release/v1" and "with" not in publish  # no password


def test_ci_installs_the_release_extra():
    """CI runs the packaging checks: their tools are installed there, so none of them skips."""
    installs = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if "pip install" in line]
    assert any("release" in line.partition(".[")[2].partition("]")[0].split(",") for line in installs), installs
