"""pytest configuration: the `gpu` marker skips with the reason when no GPU is usable."""
import pytest


def _gpu_reason():
    try:
        from pyjit._ext import ext
        return ext().driver_error()
    except Exception as exc:  # the extension itself failed to load
        return "pyjit extension unavailable: %s" % exc


_REASON = _gpu_reason()


def pytest_collection_modifyitems(config, items):
    if _REASON is None:
        return
    skip = pytest.mark.skip(reason="no usable GPU: %s" % _REASON)
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


# Kernel-execution tests written once for every backend: they take `jit`
# (the decorator for that backend) and compare with numpy or hand-derived
# values. Today the backends are the GPU; the CPU backend will join here.
BACKENDS = [pytest.param("gpu", marks=pytest.mark.gpu)]


@pytest.fixture(params=BACKENDS)
def jit(request):
    """The @cuda.jit decorator of one backend."""
    from pyjit import cuda
    return cuda.jit
