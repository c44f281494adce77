"""The rel room of the reductions."""
