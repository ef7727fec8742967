"""Kernels of signal processing: FFTs, window functions, STFT."""
