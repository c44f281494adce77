"""An example npw plugin (see :mod:`npw_plugin_example.set_splitting`)."""

__all__: list[str] = []
