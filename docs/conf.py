"""Sphinx configuration of the documentation site (``python docs/build_site.py`` builds it).

The pages are the Markdown files of ``docs/`` (read by MyST), the pages written from the
registries at build time (``docs/site/generate.py``: one page per problem family with its
drawings, the reduction catalogue, the API reference) and the docstrings (autodoc, numpy style
through napoleon). Warnings are errors (``-W`` in the build script).
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# the source tree itself, installed or not: npw/__init__.py maps instances/ ... verify/ under npw
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "site"))

from npw import __version__  # noqa: E402

project = "npw"
author = "the npw authors"
copyright = "the npw authors"
release = version = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "npw_site",  # docs/site/npw_site.py: writes the generated pages before the build reads them
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"

# what of docs/ is not a page: the course's assignment folders (their READMEs link to their own
# files), the generated examples (HTML pages and SVGs, linked as downloads), notebooks' outputs
exclude_patterns = [
    "_build",
    "site/**",
    "examples/**",
    "hardness/**",
    "schemas/**",
    "screenshots/**",
    "notebooks/**",
    "**/.ipynb_checkpoints",
]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# numpydoc-style docstrings through napoleon (no numpydoc dependency)
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": False}
# the docstrings' ``doctest`` examples are run by tests/test_doctests.py, not by the site build

# alabaster, Sphinx's own theme (no further dependency), with a collapsed global navigation: a
# theme that draws the whole tree on every page (furo) made the build several times slower
html_theme = "alabaster"
html_title = f"npw {release}"
html_theme_options = {"description": "an NP-hardness reduction workbench", "sidebar_collapse": True,
                      "page_width": "1100px", "sidebar_width": "240px"}
html_sidebars = {"**": ["about.html", "navigation.html", "relations.html", "searchbox.html"]}
html_static_path: list[str] = []

# a block without a language is a shell session or program output: shown as it is
highlight_language = "none"
