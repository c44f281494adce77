"""The ``npw`` command line (thin: parses arguments, calls the packages)."""
