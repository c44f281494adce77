"""Reductions: one module per theorem, a registry, and composition of chains."""

from npw.reductions.base import Reduction
from npw.reductions.registry import get_reduction, reduction_ids

__all__ = ["Reduction", "get_reduction", "reduction_ids"]
