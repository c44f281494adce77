# The tests import the installed package ``npw`` (pip install -e ".[dev]", README.md): the
# folders instances/, reductions/, solvers/ and verify/ are npw's sub-packages only through
# the install's package-dir mapping, so the checkout is not put on sys.path here.
import pytest


@pytest.fixture
def npw_cache(request, monkeypatch):
    """Pattern databases for the tests live in pytest's own cache folder (.pytest_cache,
    never committed), not the user's: built once, reused by later runs."""
    folder = request.config.cache.mkdir("npw-xdg-cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    return folder
