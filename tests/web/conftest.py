"""Fixtures of the web app's tests: a test client of an app that saves its games in a temporary folder.

Nothing of the web extra is imported here: a test that needs it skips, saying why, where it is
missing (:mod:`web_helpers`)."""

from __future__ import annotations

import pytest


@pytest.fixture
def client(tmp_path):
    """A client of an app that saves its games in ``tmp_path``."""
    from web_helpers import BASE_URL  # first: skips the test where the web extra is missing
    from starlette.testclient import TestClient
    from wonders_web.app import create_app
    with TestClient(create_app(tmp_path), base_url=BASE_URL) as test_client:
        test_client.records_dir = tmp_path
        yield test_client
