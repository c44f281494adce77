"""The torus room of the reductions."""

__all__: list[str] = []
