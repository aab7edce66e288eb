"""Shim so numba-cuda's tests run against pyjit.

`config` proxies pyjit.cuda.config first, then numba.cuda.config; setting an
attribute sets it on both (where each has it).
"""
import numpy as _np
if not hasattr(_np, "row_stack"):
    _np.row_stack = _np.vstack

from pyjit import cuda as _pcuda
import numba.cuda.core.config as _nconfig


class _Config:
    def __getattr__(self, name):
        if name == "ENABLE_CUDASIM":
            return False
        if hasattr(_pcuda.config, name):
            return getattr(_pcuda.config, name)
        return getattr(_nconfig, name)

    def __setattr__(self, name, value):
        done = False
        if hasattr(_pcuda.config, name):
            setattr(_pcuda.config, name, value)
            done = True
        if hasattr(_nconfig, name) or not done:
            setattr(_nconfig, name, value)

    def __dir__(self):
        return sorted(set(dir(_pcuda.config)) | set(dir(_nconfig)))


config = _Config()
ENABLE_CUDASIM = False
