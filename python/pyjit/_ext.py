"""Lazy access to the C++ extension (importing pyjit loads no LLVM and no driver)."""
_module = None


def ext():
    """The `_pyjit` extension module, imported on first use."""
    global _module
    if _module is None:
        from . import _pyjit
        _module = _pyjit
    return _module


_device = None


def current_device():
    """Info dict of the current device (name, arch, limits); raises CudaError without a GPU."""
    global _device
    if _device is None:
        _device = ext().device_info()
    return _device
