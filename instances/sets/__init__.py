"""The set problems of issue 19: 3-DIMENSIONAL MATCHING and EXACT COVER BY 3-SETS on one model of
3-element sets over a numbered universe (``model.py``), their generators with certificates of no,
enumeration up to renaming and shrinking (``generators.py``), and the drawings (``drawing.py``); and
SET COVER (``setcover.py``: any subsets and a bound k, with its own generators, enumeration and
drawing)."""

__all__: list[str] = []
