"""DeviceArray indexing, reshape and copies against numpy's rules (numba.cuda's
where the docs say it differs): expected values from numpy on the host copy.
Found by a differential fuzzer of the host API against numpy (thirty-fifth
session). On the GPU and on the CPU backend."""
import numpy as np
import pytest

from pyjit import cuda

REC = np.dtype([("x", "f4"), ("y", "i2")])


@pytest.mark.parametrize("make", [cuda.mapped_array, cuda.managed_array])
def test_mapped_and_managed_record_arrays_copy(make):
    # Their __cuda_array_interface__ gave typestr '|V6' without a descr, and
    # the copies rebuilt the dtype from the typestr: TypeError.
    m = make(4, REC)
    host = np.zeros(4, REC)
    host["x"] = [1.5, 2.5, 3.5, 4.5]
    host["y"] = [-1, -2, -3, -4]
    m.copy_to_device(host)
    out = m.copy_to_host()
    assert out.dtype == REC and out.tolist() == host.tolist()
    assert m[1:].copy_to_host().tolist() == host[1:].tolist()


def test_as_cuda_array_reads_a_record_descr():
    d = cuda.to_device(np.array([(1.0, 2), (3.0, 4)], REC))

    class Wrapper:
        __cuda_array_interface__ = d.__cuda_array_interface__

    view = cuda.as_cuda_array(Wrapper())
    assert view.dtype == REC
    assert view.copy_to_host().tolist() == [(1.0, 2), (3.0, 4)]


def test_reshape_takes_ints_only():
    d = cuda.device_array(12)
    for bad in ((2.9, 6), ("3", 4)):
        with pytest.raises(TypeError, match="ints"):
            d.reshape(*bad)
    with pytest.raises(TypeError):
        cuda.device_array((2, 3, 4)).transpose((1.9, 0.2, 2))


def test_reshape_unknown_extent_is_any_negative():
    d = cuda.to_device(np.arange(12.0))
    assert d.reshape(-2, 6).shape == np.arange(12.0).reshape(-2, 6).shape == (2, 6)
    with pytest.raises(ValueError):
        np.zeros((0, 3)).reshape(-1, 0)  # numpy: ambiguous
    with pytest.raises(ValueError):
        cuda.device_array((0, 3)).reshape(-1, 0)
    with pytest.raises(ValueError, match="one unknown"):
        d.reshape(-1, -1)


def test_reshape_makes_a_view_where_numpy_does():
    # A Fortran (5, 1, 5) array read in C order as (5, 5): numpy's no-copy
    # reshape gives strides (8, 40); pyjit refused every array not
    # C-contiguous.
    host = np.asfortranarray(np.arange(25.0).reshape(5, 1, 5))
    d = cuda.to_device(host)
    r = d.reshape(5, 5)
    assert r.strides == host.reshape(5, 5).strides == (8, 40)
    np.testing.assert_array_equal(r.copy_to_host(), host.reshape(5, 5))
    # Columns 0, 2, 4 of a (4, 6) array are a (4, 3) array numpy flattens in
    # place; a write through the reshaped view reaches the original.
    base = cuda.to_device(np.arange(24.0).reshape(4, 6))
    cols = base[:, ::2]
    flat = cols.reshape(-1)
    assert flat.strides == np.zeros((4, 6))[:, ::2].reshape(-1).strides == (16,)
    flat[5] = -1.0
    expected = np.arange(24.0).reshape(4, 6)
    expected[:, ::2].reshape(-1)[5] = -1.0  # (a view in numpy too)
    np.testing.assert_array_equal(base.copy_to_host(), expected)
    # Same shape in F order: a view of the same memory (numba returns self).
    c = cuda.to_device(np.arange(20.0).reshape(5, 4))
    assert c.reshape(5, 4, order="F").strides == c.strides


def test_reshape_that_would_copy_raises():
    host = np.zeros((4, 6))[::2, ::2]
    assert not np.shares_memory(host.reshape(-1), host)  # numpy copies
    with pytest.raises(NotImplementedError, match="copy"):
        cuda.to_device(np.zeros((4, 6)))[::2, ::2].reshape(-1)
    with pytest.raises(NotImplementedError, match="copy"):
        cuda.to_device(np.arange(10.0))[::2].ravel()  # numpy's ravel copies it


def test_non_integer_index_is_an_index_error():
    d = cuda.to_device(np.arange(4.0))
    for bad in (1.0, "x", np.float64(1)):
        with pytest.raises(IndexError):
            np.arange(4.0)[bad]
        with pytest.raises(IndexError):
            d[bad]
    with pytest.raises(TypeError, match="not arrays"):  # numpy's advanced indexing
        d[[1, 2]]


def test_index_with_ellipsis_is_a_view_even_of_one_element():
    host = np.arange(6.0).reshape(2, 3)
    d = cuda.to_device(host)
    v = d[1, ..., 2]
    assert isinstance(host[1, ..., 2], np.ndarray) and host[1, ..., 2].shape == ()
    assert isinstance(v, cuda.devicearray.DeviceNDArray) and v.shape == ()
    v[...] = 40.0  # writes through to d
    assert d.copy_to_host()[1, 2] == 40.0
    assert d[1, 2] == 40.0  # ints only: the element itself


def test_element_assignment_refuses_a_sequence():
    host = np.zeros((2, 2))
    d = cuda.to_device(host)
    with pytest.raises(ValueError, match="sequence"):
        host[0, 0] = np.array([[5.0]])
    with pytest.raises(ValueError, match="sequence"):
        d[0, 0] = np.array([[5.0]])
    d[0, 0] = np.array(6.0)  # a 0-d array is one value
    z = cuda.to_device(np.zeros((), np.int64))
    with pytest.raises(ValueError, match="sequence"):
        np.zeros((), np.int64)[()] = np.array([5])
    with pytest.raises(ValueError, match="sequence"):
        z[()] = np.array([5])  # `()` indexes the element, as ints do
    z[...] = np.array([[7]])  # a 0-d view: broadcast, as numpy does
    assert d.copy_to_host()[0, 0] == 6.0 and z.copy_to_host()[()] == 7


def test_empty_slice_has_numpys_strides():
    host = np.arange(8.0)
    d = cuda.to_device(host)
    for s in (slice(-5, -2, -7), slice(5, 2), slice(6, 1, 3)):
        assert d[s].shape == host[s].shape == (0,)
        assert d[s].strides == host[s].strides == (8,)


def test_copy_to_device_from_a_device_array():
    d = cuda.device_array((3, 4), np.float32)
    with pytest.raises(TypeError, match="dtype"):
        d.copy_to_device(cuda.device_array((3, 4), np.float64))
    # numba compares squeezed shapes, for host and device sources alike
    d3 = cuda.device_array((3, 1, 4), np.float32)
    src = np.arange(12, dtype=np.float32).reshape(3, 4)
    d3.copy_to_device(cuda.to_device(src))
    np.testing.assert_array_equal(d3.copy_to_host(), src.reshape(3, 1, 4))
    with pytest.raises(ValueError, match="shape"):
        d3.copy_to_device(cuda.device_array((4, 3), np.float32))


def test_big_endian_data_copies_back_into_its_device_array():
    be = np.arange(6, dtype=">i4")
    d = cuda.to_device(be)  # native order on the device
    be2 = be[::-1].copy()
    d.copy_to_device(be2)
    assert d.copy_to_host().tolist() == [5, 4, 3, 2, 1, 0]
    cuda.to_device(be, to=d)
    assert d.copy_to_host().tolist() == [0, 1, 2, 3, 4, 5]


def test_big_endian_kernel_argument_says_how_to_convert(jit):
    @jit
    def k(a):
        a[0] = 1.0

    with pytest.raises(TypeError, match=r"argument 'a': arrays of dtype >f8 \(byte order "
                                        r"big-endian\).*\.astype\('float64'\)"):
        k[1, 1](np.zeros(2, ">f8"))


def test_masked_array_argument_is_refused(jit):
    # A kernel would ignore the mask and change the data under it (numba:
    # "Unsupported array type: numpy.ma.MaskedArray").
    @jit
    def double(x):
        i = cuda.grid(1)
        if i < x.size:
            x[i] = 2 * x[i]

    m = np.ma.array([1.0, 2.0], mask=[0, 1])
    with pytest.raises(TypeError, match="argument 'x': masked arrays"):
        double[1, 4](m)
    double[1, 4](np.ones(2))  # (the launch path is then the fast one)
    with pytest.raises(TypeError, match="argument 'x': masked arrays"):
        double[1, 4](m)
    assert m.data.tolist() == [1.0, 2.0]


def test_device_arrays_have_at_most_32_dimensions():
    # (numpy has 64; the launch path's array parameters 32)
    with pytest.raises(ValueError, match="at most 32 dimensions, not 33"):
        cuda.to_device(np.zeros((1,) * 33))
    assert cuda.device_array((1,) * 32).ndim == 32


def test_interface_pointer_past_64_bits_is_a_value_error():
    class Interface:
        __cuda_array_interface__ = {"shape": (4,), "typestr": "<f8", "data": (2**64, False),
                                    "version": 3}

    with pytest.raises(ValueError, match="data must be"):
        cuda.as_cuda_array(Interface())
