"""REL, relocation along an Eulerian path (Ratner & Warmuth 1990, Section 3):

* relocation: the instance type, its checker, JSON and generators;
* render: an instance as SVG, after the paper's Figure 2.
"""

__all__: list[str] = []
