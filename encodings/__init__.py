"""The shipped ASP encodings (package data, found through importlib.resources)."""
