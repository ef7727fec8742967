"""bprops of the primitives in operations/special_ops.py."""
