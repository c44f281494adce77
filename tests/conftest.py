import os
import sys

# the tests import the packages from the checkout even before an install
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest  # noqa: E402


@pytest.fixture
def npw_cache(request, monkeypatch):
    """Pattern databases for the tests live in pytest's own cache folder (.pytest_cache,
    never committed), not the user's: built once, reused by later runs."""
    folder = request.config.cache.mkdir("npw-xdg-cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder
