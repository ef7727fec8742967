"""Kernels of special functions and the elementwise math beyond math_ops:
lgamma, digamma, bessel_*, igamma, xlogy, hypot, ...."""
