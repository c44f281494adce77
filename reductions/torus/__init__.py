"""The torus room of the reductions."""
