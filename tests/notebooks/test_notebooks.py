"""Every notebook of ``notebooks/`` runs top to bottom on a fresh kernel, in its quick version.

The notebooks read ``WONDERS_NOTEBOOK_QUICK``: set to ``1`` here, they play tens of games and
train for a few updates instead of thousands of games and minutes of training. A reader runs
the full version by leaving it unset. Outputs are checked for errors only (the figures are
measured in the notebooks and in ``benchmarks/``), and nothing is written back to the files.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))


def test_there_are_four_notebooks():
    assert [p.name[:3] for p in NOTEBOOKS] == ["01_", "02_", "03_", "04_"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path, tmp_path, monkeypatch):
    monkeypatch.setenv("WONDERS_NOTEBOOK_QUICK", "1")
    notebook = nbformat.read(path, as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), \
        f"{path.name} is committed with outputs: clear them"
    NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    errors = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs
              if output.output_type == "error"]
    assert not errors
