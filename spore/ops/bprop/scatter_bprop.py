"""bprops of the primitives in operations/scatter_ops.py."""
