"""The project as a whole: layering, import graph, the docs' examples, a newcomer's first run."""
