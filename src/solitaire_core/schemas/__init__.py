"""JSON Schemas shipped with the package, as data files (read them with ``importlib.resources``)."""
