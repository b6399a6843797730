"""The suite needs nothing outside the repository: without the reference tables, the tests that
compare against them skip with the reason instead of failing."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMPARING = ["tests/duel/test_duel_data.py", "tests/seven_wonders/test_data.py",
             "tests/seven_wonders/test_second_edition.py::test_tables_match_the_reference_with_the_uncertain_costs_in_one_place"]


def test_comparisons_with_absent_reference_tables_skip_with_the_reason(tmp_path):
    env = {"WONDERS_REFERENCE_DIR": str(tmp_path / "absent"), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", *COMPARING],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "7 skipped" in result.stdout and "failed" not in result.stdout and "error" not in result.stdout
    assert "the project's reference tables are not at" in result.stdout
