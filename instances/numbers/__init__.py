"""The number problems of issue 19: SUBSET SUM and PARTITION on one numbers model
(``model.py``), their generators with certificates of no, exhaustive enumeration and shrinking
(``generators.py``), and the bar drawing (``drawing.py``)."""

__all__: list[str] = []
