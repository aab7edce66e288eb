"""numba.cuda.kernels.transpose: the transpose of a 2-D device array by a
tiled kernel.

    from pyjit.cuda.kernels.transpose import transpose
    b = transpose(a)          # a new device array, b[j, i] == a[i, j]
    transpose(a, b)           # into b, of shape a.shape[::-1] and a's dtype

Each block of 32 x 32 threads moves one 32 x 32 tile through shared memory
(33 columns wide, so the transposed reads of a warp fall in different banks:
the classic tiled transpose of NVIDIA's "An Efficient Matrix Transpose in
CUDA C/C++"), so that both the global reads and the writes are coalesced.
"""
from . import cuda

_TILE = 32


@cuda.jit(debug=False)  # (pyjit's own kernel: NUMBA_CUDA_DEBUGINFO is for the user's)
def _transpose_tiles(src, dst):
    # dst[j, i] = src[i, j] for the tile at (blockIdx.y, blockIdx.x) of src
    tile = cuda.shared.array((32, 33), src.dtype)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    row0 = cuda.blockIdx.y * 32
    col0 = cuda.blockIdx.x * 32
    if row0 + ty < src.shape[0] and col0 + tx < src.shape[1]:
        tile[ty, tx] = src[row0 + ty, col0 + tx]
    cuda.syncthreads()
    if col0 + ty < dst.shape[0] and row0 + tx < dst.shape[1]:
        dst[col0 + ty, row0 + tx] = tile[tx, ty]


def transpose(a, b=None):
    """The transpose of the 2-D device array `a` (numba.cuda.kernels.transpose):
    written into `b` if given (a device array of shape (a.shape[1],
    a.shape[0]) and a's dtype), else into a new device array on a's stream;
    returns it. Numpy arrays are copied in (and `b`, if numpy, back).
    ValueError for another rank, shape or dtype."""
    if len(a.shape) != 2:
        raise ValueError("transpose: a 2-D array is needed, got shape %s" % (a.shape,))
    rows, cols = a.shape
    if b is None:
        b = cuda.device_array((cols, rows), dtype=a.dtype, stream=getattr(a, "stream", 0))
    if tuple(b.shape) != (cols, rows) or b.dtype != a.dtype:
        raise ValueError("transpose: the output must have shape %s and dtype %s, got %s and %s"
                         % ((cols, rows), a.dtype, tuple(b.shape), b.dtype))
    if rows and cols:
        grid = ((cols + _TILE - 1) // _TILE, (rows + _TILE - 1) // _TILE)
        _transpose_tiles[grid, (_TILE, _TILE), getattr(a, "stream", 0)](a, b)
    return b
