"""Device-side strided assignment, `dst[...] = src` between device arrays of
any strides: DeviceArray.__setitem__ and copy_to_device into a
non-contiguous view (numba.cuda does the same with a kernel). One pyjit
kernel per dimension count up to 3, compiled for the dtypes met (and kept
in the disk cache); views of more dimensions are assigned one 3-d slab at
a time.
"""
from . import cuda

_THREADS = 256


def _assign1(dst, src):
    i = cuda.grid(1)
    if i < dst.shape[0]:
        dst[i] = src[i]


def _assign2(dst, src):
    i = cuda.grid(1)
    n1 = dst.shape[1]
    if i < dst.shape[0] * n1:
        r = i // n1
        c = i - r * n1
        dst[r, c] = src[r, c]


def _assign3(dst, src):
    i = cuda.grid(1)
    n1 = dst.shape[1]
    n2 = dst.shape[2]
    if i < dst.shape[0] * n1 * n2:
        a = i // (n1 * n2)
        rest = i - a * (n1 * n2)
        b = rest // n2
        c = rest - b * n2
        dst[a, b, c] = src[a, b, c]


_kernels = {}


def assign(dst, src, stream=0):
    """Queues dst[...] = src on `stream` (0: the default stream). dst and src
    are DeviceArrays in GPU memory of one shape; src's values are converted
    to dst's dtype as numpy assignment converts them."""
    if dst.shape != src.shape:
        raise ValueError("cannot assign a device array of shape %s to one of shape %s"
                         % (src.shape, dst.shape))
    if dst.size == 0:
        return
    if dst.ndim > 3:
        for k in range(dst.shape[0]):
            assign(dst[k], src[k], stream)
        return
    kernel = _kernels.get(dst.ndim)
    if kernel is None:
        kernel = _kernels[dst.ndim] = cuda.jit((_assign1, _assign2, _assign3)[dst.ndim - 1])
    blocks = (dst.size + _THREADS - 1) // _THREADS
    kernel[blocks, _THREADS, stream](dst, src)
