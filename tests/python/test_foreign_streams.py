"""A launch waits for the work another library queued on its stream.

CUDA Array Interface v3 gives the stream a consumer must synchronize with
("stream"), and DLPack 1.3's C exchange API the producer's current stream
(current_work_stream); CuPy's is its current stream. In each test a
producer's non-blocking stream holds a kernel that sleeps about 0.2 s and
then writes the array; pyjit then launches a copy of it on the legacy
default stream, which CUDA does not order after a non-blocking stream. The
copy must see the written values: without the wait it reads the old ones.
CuPy and torch launches are repeated: the later ones take the C++ fast path.
"""
import ctypes

import numpy as np
import pytest

from pyjit import cuda

pytestmark = pytest.mark.gpu

N = 256
SLEEP_NS = 200_000_000


def _late_fill():
    @cuda.jit
    def late_fill(a, value, ns):
        slept = 0
        while slept < ns:
            cuda.nanosleep(1000000)  # up to 1 ms a call (PTX nanosleep)
            slept += 1000000
        i = cuda.grid(1)
        if i < a.shape[0]:
            a[i] = value
    return late_fill


def _copy():
    @cuda.jit
    def copy(src, dst):
        i = cuda.grid(1)
        if i < dst.shape[0]:
            dst[i] = src[i]
    return copy


def _non_blocking_stream():
    """A CUstream created with CU_STREAM_NON_BLOCKING (1) through the driver,
    in the primary context pyjit made current."""
    cuda.synchronize()  # pyjit's context is current on this thread
    libcuda = ctypes.CDLL("libcuda.so.1")
    handle = ctypes.c_void_p()
    assert libcuda.cuStreamCreate(ctypes.byref(handle), 1) == 0
    return handle.value, lambda: libcuda.cuStreamDestroy_v2(handle)


class _Producer:
    """An array whose __cuda_array_interface__ names the stream its pending
    write is queued on, as CAI v3 producers do."""

    def __init__(self, array, stream):
        cai = dict(array.__cuda_array_interface__)
        cai["stream"] = stream
        self.__cuda_array_interface__ = cai
        self.array = array


def test_a_cai_stream_is_waited_for():
    late_fill, copy = _late_fill(), _copy()
    handle, destroy = _non_blocking_stream()
    try:
        for value in (2.0, 3.0):
            a = cuda.to_device(np.ones(N, dtype=np.float32))
            out = cuda.device_array(N, dtype=np.float32)
            late_fill[1, N, cuda.external_stream(handle)](a, value, SLEEP_NS)
            copy[1, N](_Producer(a, handle), out)
            np.testing.assert_array_equal(out.copy_to_host(), np.full(N, value, np.float32))
    finally:
        cuda.synchronize()
        destroy()


def test_cupy_current_stream_is_waited_for():
    cp = pytest.importorskip("cupy")
    late_fill, copy = _late_fill(), _copy()
    stream = cp.cuda.Stream(non_blocking=True)
    out = cp.zeros(N, dtype=cp.float32)
    for value in (2.0, 3.0, 4.0):
        x = cp.ones(N, dtype=cp.float32)
        cp.cuda.Device().synchronize()
        with stream:
            late_fill[1, N, cuda.external_stream(stream.ptr)](x, value, SLEEP_NS)
            copy[1, N](x, out)  # the legacy default stream, after CuPy's current one
        np.testing.assert_array_equal(cp.asnumpy(out), np.full(N, value, np.float32))
    assert copy._dispatch_entries() == 1  # the later launches took the fast path


def test_torch_current_stream_is_waited_for():
    torch = pytest.importorskip("torch")
    late_fill, copy = _late_fill(), _copy()
    stream = torch.cuda.Stream()  # torch's streams are non-blocking
    out = torch.zeros(N, dtype=torch.float32, device="cuda")
    for value in (2.0, 3.0, 4.0):
        x = torch.ones(N, dtype=torch.float32, device="cuda")
        torch.cuda.synchronize()
        with torch.cuda.stream(stream):
            late_fill[1, N, stream](x, value, SLEEP_NS)
            copy[1, N](x, out)  # the legacy default stream, after torch's current one
        torch.cuda.synchronize()
        np.testing.assert_array_equal(out.cpu().numpy(), np.full(N, value, np.float32))
    assert copy._dispatch_entries() == 1


def test_launching_on_the_producer_stream_needs_no_wait():
    # Launched on the producer's own stream: queued after its work by CUDA.
    torch = pytest.importorskip("torch")
    late_fill, copy = _late_fill(), _copy()
    stream = torch.cuda.Stream()
    x = torch.ones(N, dtype=torch.float32, device="cuda")
    out = torch.zeros(N, dtype=torch.float32, device="cuda")
    torch.cuda.synchronize()
    with torch.cuda.stream(stream):
        late_fill[1, N, stream](x, 5.0, SLEEP_NS // 4)
        copy[1, N, stream](x, out)
    stream.synchronize()
    np.testing.assert_array_equal(out.cpu().numpy(), np.full(N, 5.0, np.float32))
