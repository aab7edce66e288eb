"""Without a usable GPU, a kernel made for it (target="cuda") raises numba.cuda's
CudaSupportError (a pyjit.CudaError) naming the reason."""
import numpy as np
import pytest

import pyjit
from pyjit import cuda
from pyjit._ext import ext


@pytest.mark.skipif(ext().driver_error() is None, reason="a GPU is usable here")
def test_a_gpu_kernel_without_a_gpu_raises_cuda_support_error():
    @cuda.jit(target="cuda")
    def k(a):
        a[0] = 1

    with pytest.raises(cuda.CudaSupportError, match=ext().driver_error().split(" (")[0]) as info:
        k[1, 1](np.zeros(1))
    assert isinstance(info.value, pyjit.CudaError)
    assert cuda.CudaSupportError is pyjit.CudaSupportError
