"""The pipeline engine: the Dataset node and its operations, iterators, and the
parallel execution of tasks. Its modules are imported directly (no names here), so
that transforms and sources can use parts of it without import cycles."""
