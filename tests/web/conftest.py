"""Fixtures of the web app's tests: a test client of an app that saves its games in a temporary folder."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn) is not installed")
pytest.importorskip("httpx2", reason="starlette's test client needs httpx2 (the dev extra)")

from starlette.testclient import TestClient  # noqa: E402

from wonders_web.app import create_app  # noqa: E402

from web_helpers import BASE_URL  # noqa: E402


@pytest.fixture
def client(tmp_path):
    """A client of an app that saves its games in ``tmp_path``."""
    with TestClient(create_app(tmp_path), base_url=BASE_URL) as test_client:
        test_client.records_dir = tmp_path
        yield test_client
