"""Record arrays (NumPy structured dtypes) in kernels, as numba.cuda has them:
fields read and written as a[i].x or a[i]['x'], aligned and packed dtypes,
on both backends. Expected values come from numpy on the host."""
import numpy as np
import pytest

import pyjit
from pyjit import cuda

ALIGNED = np.dtype([("x", np.float32), ("y", np.int32), ("z", np.float64), ("ok", np.bool_)],
                   align=True)
PACKED = np.dtype([("a", np.int8), ("b", np.float64), ("c", np.int16), ("w", np.complex64)])


def test_fields_read_and_written_in_aligned_and_packed_records(jit):
    @jit
    def k(r, p, out):
        i = cuda.grid(1)
        if i < r.size:
            r[i].x = i * 1.5
            r[i]["y"] += 2
            r[i].z = r[i].x + r[i]["y"]
            r[i].ok = r[i].y % 2 == 0
            p[i].b = p[i].a * 0.5 + p[i]["c"]  # b sits at offset 1: not aligned
            p[i].w = p[i].w * 1j
            out[i] = r[i].z

    n = 37
    r = np.zeros(n, dtype=ALIGNED)
    r["y"] = np.arange(n)
    p = np.zeros(n, dtype=PACKED)
    p["a"], p["c"], p["w"] = np.arange(n), 100, 2 + 3j
    out = np.zeros(n)
    k[2, 32](r, p, out)
    x = (np.arange(n) * 1.5).astype(np.float32)
    y = np.arange(n, dtype=np.int32) + 2
    np.testing.assert_array_equal(r["x"], x)
    np.testing.assert_array_equal(r["y"], y)
    np.testing.assert_array_equal(r["z"], x.astype(np.float64) + y)
    np.testing.assert_array_equal(r["ok"], y % 2 == 0)
    np.testing.assert_array_equal(p["b"], np.arange(n) * 0.5 + 100)
    np.testing.assert_array_equal(p["w"], np.complex64((2 + 3j) * 1j))
    np.testing.assert_array_equal(out, r["z"])


def test_two_dimensional_record_arrays_and_device_arrays(jit):
    @jit
    def k(grid):
        i, j = cuda.grid(2)
        if i < grid.shape[0] and j < grid.shape[1]:
            grid[i, j].x = i * 10 + j
            grid[i, j]["z"] = grid[i, j].x * 2

    g = np.zeros((5, 7), dtype=ALIGNED)
    d = cuda.to_device(g)
    assert d.dtype == ALIGNED and d.shape == (5, 7)
    k[(1, 1), (8, 8)](d)
    back = d.copy_to_host()
    expected = np.add.outer(np.arange(5) * 10, np.arange(7)).astype(np.float32)
    np.testing.assert_array_equal(back["x"], expected)
    np.testing.assert_array_equal(back["z"], expected * 2.0)


def test_eager_signature_from_dtype():
    @cuda.jit(pyjit.void(pyjit.from_dtype(ALIGNED)[::1], pyjit.float64))
    def k(r, v):
        r[cuda.grid(1)].z = v

    r = np.zeros(4, dtype=ALIGNED)
    k[1, 4](r, 2.5)
    np.testing.assert_array_equal(r["z"], 2.5)
    assert len(k.signatures) == 1 and "Record(x[type=float32;offset=0]" in str(k.signatures[0])


def test_record_errors_are_named(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "rec_errors", '''
from pyjit import cuda


def no_such_field(r):
    r[0].w = 1


def through_a_call(r, out):
    out[0] = (r[0] if out[0] > 0 else r[1]).x
''')
    r = np.zeros(3, dtype=ALIGNED)
    with pytest.raises(pyjit.CompileError,
                       match=r"rec_errors.py:6:5: error: the record has no field 'w' \(its "
                             r"fields: x, y, z, ok\)"):
        jit(m.no_such_field)[1, 1](r)
    with pytest.raises(pyjit.CompileError, match=r"conditional expression cannot choose between "
                                                 r"records"):
        jit(m.through_a_call)[1, 1](r, np.zeros(1))
    nested = np.zeros(3, dtype=[("v", [("p", np.float32)], 3)])  # an array of records
    with pytest.raises(TypeError, match=r"argument 'r'.*field 'v' is an array of records"):
        jit(m.no_such_field)[1, 1](nested)


def test_ufunc_of_record_arrays_is_a_compile_error(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "rec_ufunc", '''
import numpy as np


def into_records(x, r):
    np.sin(x, r)


def of_records(r, out):
    np.sin(r, out)
''')
    r = np.zeros(3, dtype=ALIGNED)
    with pytest.raises(pyjit.CompileError, match=r"rec_ufunc.py:6:15: error: np.sin\(\) writes "
                                                 r"numbers: its output cannot be an array of"):
        jit(m.into_records)[1, 1](np.zeros(3), r)
    with pytest.raises(pyjit.CompileError, match=r"rec_ufunc.py:10:12: error: np.sin\(\) takes "
                                                 r"arrays of numbers"):
        jit(m.of_records)[1, 1](r, np.zeros(3))


def test_records_as_values_refer_to_their_element(jit):
    # numba.cuda: `r = a[i]` is a reference to the element: reading r.x
    # reads the array, `r.x = v` writes it; a record passes to device
    # functions; a variable may name elements of different arrays.
    dt = np.dtype([("x", np.float64), ("y", np.int32), ("z", np.float32)], align=True)

    @cuda.jit(device=True)
    def weight(r):
        return r.x * 2 + r["y"]

    @jit
    def k(a, b, out):
        i = cuda.grid(1)
        if i < a.size:
            r = a[i]
            r.y = r.y + 10
            out[i] = weight(r)
            if i % 2 == 0:
                s = b[i, 1]
            else:
                s = a[i]
            s.z = 5.5
            last = a[-1]  # negative indices wrap
            out[i] += last.x * 100

    a = np.zeros(4, dt)
    a["x"] = np.arange(4)
    a["y"] = [1, 2, 3, 4]
    b = np.zeros((4, 2), dt)
    out = np.zeros(4)
    k[1, 4](a, b, out)
    np.testing.assert_array_equal(a["y"], [11, 12, 13, 14])
    np.testing.assert_array_equal(out, 2 * np.arange(4) + [11, 12, 13, 14] + 300)
    np.testing.assert_array_equal(a["z"], [0, 5.5, 0, 5.5])
    np.testing.assert_array_equal(b["z"], [[0, 5.5], [0, 0], [0, 5.5], [0, 0]])

    @jit
    def read_only(a):
        r = a[0]
        r.x = 1.0

    ro = np.zeros(2, dt)
    ro.flags.writeable = False
    with pytest.raises(pyjit.CompileError, match=r"cannot write to a read-only array \(its "
                                                 r"element is readonly Record\("):
        read_only[1, 1](ro)


def test_a_record_index_out_of_range_is_checked_in_debug_mode(jit):
    dt = np.dtype([("x", np.float64)])

    @jit(debug=True)
    def k(a, out):
        r = a[5]
        out[0] = r.x

    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 4"):
        k[1, 1](np.zeros(4, dt), np.zeros(1))


def test_review_mends_record_loops_tuples_and_read_only_writes(jit):
    dt = np.dtype([("x", np.float64), ("y", np.int16)])

    @jit
    def loop(a, o):
        for rec in a:  # a reference to each element
            o[0] += rec.x
        for i, rec in enumerate(a):
            rec.y = i
        t = (a[2], a[3])
        o[1] = t[0].x + t[1].y
        t[0].x = 7

    a = np.ones(4, dt)
    o = np.zeros(2)
    loop[1, 1](a, o)
    assert o[0] == 4 and o[1] == 1 + 3
    np.testing.assert_array_equal(a["y"], [0, 1, 2, 3])
    np.testing.assert_array_equal(a["x"], [1, 1, 7, 1])

    @cuda.jit(device=True)
    def setx(r):
        r.x = 5

    @jit
    def through_call(a):
        setx(a[0])

    @jit
    def augmented(a):
        r = a[1]
        r["y"] += 3

    ro = np.ones(4, dt)
    ro.flags.writeable = False
    for k in (through_call, augmented):
        with pytest.raises(pyjit.CompileError, match="cannot write to a read-only array"):
            k[1, 1](ro)
    through_call[1, 1](a)  # a writable array: written
    assert a["x"][0] == 5


def test_a_record_variable_no_assignment_reached_is_checked_on_the_cpu_backend():
    # Assigned on some paths only: on the other it is an empty view, which the
    # CPU backend's always-on checks catch (no null write into the process).
    dt = np.dtype([("x", np.float64)])

    @cuda.jit(target="cpu")
    def k(a, c):
        if c:
            r = a[0]
        r.x = 1.0

    with pytest.raises(IndexError, match="out of bounds for axis 0 with size 0"):
        k[1, 1](np.zeros(2, dt), 0)


def test_unpacking_a_record_array_gives_references(jit):
    dt = np.dtype([("x", np.float64)])

    @jit
    def k(a, o):
        r0, r1 = a
        o[0] = r0.x + r1.x
        r1.x = 9

    a = np.zeros(2, dt)
    a["x"] = [1, 2]
    o = np.zeros(1)
    k[1, 1](a, o)
    assert o[0] == 3 and a["x"][1] == 9
    ro = a.copy()
    ro.flags.writeable = False
    with pytest.raises(pyjit.CompileError, match="cannot write to a read-only array"):
        k[1, 1](ro, o)


# -- array fields and nested records (numba's nestedarray and nested Record) -------

INNER = np.dtype([("a", np.int16), ("b", np.float32)], align=True)
PARTICLE = np.dtype([("id", np.int32), ("pos", np.float32, 3), ("m", np.float64, (2, 2)),
                     ("inner", INNER)], align=True)


@cuda.jit(device=True)
def _sum_squares(v):
    s = 0.0
    for x in v:
        s += x * x
    return s


@cuda.jit(device=True)
def _inner_b(rec):
    return rec.b


def _particles(n):
    p = np.zeros(n, PARTICLE)
    p["id"] = np.arange(n)
    p["pos"] = np.arange(3 * n, dtype=np.float32).reshape(n, 3)
    p["m"] = np.arange(4.0 * n).reshape(n, 2, 2)
    p["inner"]["a"] = 3 * np.arange(n)
    p["inner"]["b"] = 0.25
    return p


def test_array_fields_are_views_read_and_written(jit):
    @jit
    def k(p, out):
        i = cuda.grid(1)
        if i < p.size:
            r = p[i]
            out[i] = _sum_squares(r.pos) + r.m[1, 0] + len(r.pos) + r.m.shape[1]
            p[i].pos[2] = 10.0 * i           # through the array element
            r.m[0, 1] = -r["m"][1, 1]        # through a record variable, by name
            r.pos[0] += 1

    n = 37
    p = _particles(n)
    expected = p.copy()
    out = np.zeros(n)
    k[2, 32](p, out)
    np.testing.assert_allclose(out, (expected["pos"].astype(np.float64) ** 2).sum(1)
                               + expected["m"][:, 1, 0] + 3 + 2, rtol=1e-6)
    expected["pos"][:, 2] = 10.0 * np.arange(n)
    expected["m"][:, 0, 1] = -expected["m"][:, 1, 1]
    expected["pos"][:, 0] += 1
    np.testing.assert_array_equal(p, expected)


def test_nested_record_fields_in_place_and_as_references(jit):
    @jit
    def k(p, out):
        i = cuda.grid(1)
        if i < p.size:
            out[i] = p[i].inner.a + _inner_b(p[i].inner)   # a reference to the nested record
            p[i].inner.a += 7
            q = p[i]["inner"]
            q.b = q.b * 4 + i

    n = 21
    p = _particles(n)
    out = np.zeros(n)
    k[1, 32](p, out)
    np.testing.assert_array_equal(out, 3 * np.arange(n) + 0.25)
    np.testing.assert_array_equal(p["inner"]["a"], 3 * np.arange(n) + 7)
    np.testing.assert_array_equal(p["inner"]["b"], 1.0 + np.arange(n, dtype=np.float32))
    np.testing.assert_array_equal(p["id"], np.arange(n))  # neighbours untouched


def test_fields_of_nested_records_in_packed_dtypes_are_read_in_place(jit):
    # Packed: inner.b sits at byte 13 of 19; loads are made byte-wise where needed.
    packed = np.dtype([("id", np.int8), ("pos", np.float32, 3),
                       ("inner", [("a", np.int16), ("b", np.float32)])])

    @jit
    def k(p, out):
        out[0] = p[1].inner.b
        p[1].inner.b = 2.5

    p = np.zeros(2, packed)
    p["inner"]["b"] = [0.5, 1.5]
    out = np.zeros(1)
    k[1, 1](p, out)
    assert out[0] == 1.5 and list(p["inner"]["b"]) == [0.5, 2.5]


def test_array_fields_of_read_only_records_are_read_only(jit):
    @jit
    def read(ro, out):
        out[0] = ro[1].pos[2] + ro[0]["inner"].a

    @jit
    def write(ro):
        ro[0].pos[0] = 1.0

    p = _particles(2)
    p.flags.writeable = False
    out = np.zeros(1)
    read[1, 1](p, out)
    assert out[0] == p["pos"][1, 2] + p["inner"]["a"][0]
    with pytest.raises(pyjit.CompileError, match=r"cannot write to a read-only array "
                                                 r"\(readonly array\(float32, 1d, C\)\)"):
        write[1, 1](p)


def test_misaligned_and_whole_field_uses_are_compile_errors(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "field_errors", '''
def array_field(p, out):
    out[0] = p[0].pos[0]


def nested_reference(p, out):
    q = p[0].inner
    out[0] = q.b


def whole_array(p):
    p[0].pos = 1.0


def whole_record(p):
    p[0].inner = 1
''')
    packed = np.zeros(2, np.dtype([("id", np.int8), ("pos", np.float32, 3),
                                   ("inner", [("a", np.int16), ("b", np.float32)])]))
    with pytest.raises(pyjit.CompileError,
                       match=r"field_errors.py:3:14: error: array field 'pos' \(float32\) lies "
                             r"at byte 1 of a 19-byte record; its elements are loaded 4 bytes at "
                             r"a time.*align=True"):
        jit(m.array_field)[1, 1](packed, np.zeros(1))
    with pytest.raises(pyjit.CompileError,
                       match=r"field_errors.py:7:9: error: the nested record lies at byte 13 "
                             r"of a 19-byte record.*fields in place"):
        jit(m.nested_reference)[1, 1](packed, np.zeros(1))
    aligned = _particles(2)
    jit(m.whole_array)[1, 1](aligned)  # now numba's: every element of the field
    assert aligned[0]["pos"].tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(pyjit.CompileError, match=r"cannot assign a whole nested record"):
        jit(m.whole_record)[1, 1](aligned)


def test_numba_spelling_of_array_and_nested_fields_is_a_signature(jit):
    from pyjit._typeof import record_spelling
    spelled, _ = record_spelling(PARTICLE)
    assert spelled == ("Record(id[type=int32;offset=0],pos[type=nestedarray(float32, (3,));"
                       "offset=4],m[type=nestedarray(float64, (2, 2));offset=16],"
                       "inner[type=Record(a[type=int16;offset=0],b[type=float32;offset=4];8;"
                       "True);offset=48];56;True)")

    def k(p, out):
        out[0] = p[1].m[1, 1] + p[1].inner.b

    eager = jit("void(array(%s, 1d, C), float64[::1])" % spelled)(k)
    out = np.zeros(1)
    p = _particles(2)
    eager[1, 1](p, out)
    assert out[0] == p["m"][1, 1, 1] + 0.25


@pytest.mark.gpu
def test_device_arrays_of_records_with_array_fields_round_trip():
    @cuda.jit
    def k(p):
        i = cuda.grid(1)
        if i < p.size:
            for j in range(3):
                p[i].pos[j] *= 2

    p = _particles(5)
    d = cuda.to_device(p)
    k[1, 32](d)
    back = d.copy_to_host()
    p["pos"] *= 2
    np.testing.assert_array_equal(back, p)


WIDE = np.dtype([("x", np.float64), ("y", np.int32), ("v", np.float32, 3)], align=True)  # 24 bytes


def test_record_dtypes_in_shared_and_local_arrays(jit):
    @jit
    def k(a, out):
        s = cuda.shared.array(32, dtype=WIDE)
        scratch = cuda.local.array(3, a.dtype)       # the argument's dtype
        i = cuda.threadIdx.x
        s[i].x = a[i].x
        s[i].v[1] = a[i].v[2]
        scratch[i % 3].y = i
        scratch[(i + 1) % 3].y = 2 * i
        cuda.syncthreads()
        out[i] = s[31 - i].x + s[31 - i].v[1] + scratch[i % 3].y

    a = np.zeros(32, WIDE)
    a["x"] = np.arange(32)
    a["v"][:, 2] = 0.5
    out = np.zeros(32)
    k[1, 32](a, out)
    np.testing.assert_array_equal(out, np.arange(32)[::-1] + 0.5 + np.arange(32))


_TABLE = np.zeros(4, WIDE)
_TABLE["x"] = [1, 2, 3, 4]
_TABLE["v"][:, 1] = 0.5


def test_global_record_arrays_constant_and_on_the_device(jit):
    if type(jit).__name__ == "_CpuJit" and cuda.is_available():
        pytest.skip("CPU backend with a GPU present: the global device array is GPU memory, "
                    "which a CPU-backend kernel refuses (test_api_extras.py)")
    device_table = cuda.to_device(_TABLE)

    @jit
    def k(out):
        i = cuda.grid(1)
        if i < 4:
            out[i] = _TABLE[i].x + _TABLE[i].v[1] + device_table[i].x
            device_table[i].y = 7 * i

    out = np.zeros(4)
    k[1, 4](out)
    np.testing.assert_array_equal(out, 2 * _TABLE["x"] + 0.5)
    np.testing.assert_array_equal(device_table.copy_to_host()["y"], 7 * np.arange(4))


def test_references_to_nested_records_need_only_their_fields_alignment(jit):
    # The nested record at byte 8 of an aligned 24-byte record (not a multiple
    # of its 16 bytes), and an int8-only one at byte 1 of a packed record.
    inner = np.dtype([("x", np.float64), ("y", np.float64)], align=True)
    rec = np.dtype([("id", np.int64), ("inner", inner)], align=True)
    rec2 = np.dtype([("id", np.int8), ("s", [("a", np.int8), ("b", np.int8)])])

    @jit
    def k(a, b, out):
        _set_x(a[0].inner, 4.0)
        q = b[0].s
        q.b = 7
        out[0] = a[0].inner.x + q.a

    a, b = np.zeros(1, rec), np.zeros(1, rec2)
    b["s"]["a"] = 2
    out = np.zeros(1)
    k[1, 1](a, b, out)
    assert out[0] == 6 and a["inner"]["x"][0] == 4 and b["s"]["b"][0] == 7


@cuda.jit(device=True)
def _set_x(q, v):
    q.x = v


def test_complex_array_fields_of_aligned_dtypes_name_the_padding(jit):
    # numpy aligns a complex64 field at 4; pyjit loads complex64 elements 8 bytes at a time.
    rec = np.dtype([("f", np.float32), ("c", np.complex64, 2)], align=True)

    @jit
    def k(a, out):
        out[0] = a[0].c[1].real

    with pytest.raises(pyjit.CompileError, match=r"array field 'c' \(complex64\) lies at byte 4 "
                                                 r"of a 20-byte record; .* multiple of 8 .*add "
                                                 r"padding before it"):
        k[1, 1](np.zeros(1, rec), np.zeros(1))


def test_an_array_field_of_no_elements_is_refused_by_name(jit):
    @jit
    def k(a):
        a[0].x = 1

    with pytest.raises(TypeError, match=r"field 'e' is an array of no elements \(shape \(0,\)\)"):
        k[1, 1](np.zeros(1, [("x", np.float32), ("e", np.float32, (0,))]))


_PACKED_WIDE = np.dtype([("id", np.int8), ("pos", np.float32, 3),
                         ("inner", [("a", np.int16), ("b", np.float32)]), ("z", np.complex64)])


def test_whole_records_are_copied(jit):
    # numba: a[i] = b[j] copies the record (packed: misaligned parts byte-wise).
    @jit
    def k(a, b, sh_out):
        i = cuda.grid(1)
        if i < a.size:
            b[i] = a[a.size - 1 - i]
        sm = cuda.shared.array(4, dtype=_PACKED_WIDE)
        if i < 4:
            sm[i] = a[i]
        cuda.syncthreads()
        if i < 4:
            sh_out[i] = sm[3 - i]

    a = np.zeros(4, _PACKED_WIDE)
    a["id"] = np.arange(4)
    a["pos"] = np.arange(12).reshape(4, 3)
    a["inner"]["b"] = [0.5, 1.5, 2.5, 3.5]
    a["z"] = 1j * np.arange(4)
    b = np.zeros(4, _PACKED_WIDE)
    sh_out = np.zeros(4, _PACKED_WIDE)
    k[1, 8](a, b, sh_out)
    np.testing.assert_array_equal(b, a[::-1])
    np.testing.assert_array_equal(sh_out, a[::-1])


def test_a_record_alone_is_an_argument_copied_in_and_out(jit):
    # numba: kernel(a[i]) passes the record; fields it writes reach a[i].
    @jit
    def k(r, out):
        out[0] = r.pos[1] + r.inner.b
        r.id = 42
        r.pos[2] = -1

    c = _particles(3)
    out = np.zeros(1)
    k[1, 1](c[2], out)
    assert out[0] == c["pos"][2, 1] + 0.25
    assert c["id"][2] == 42 and c["pos"][2, 2] == -1 and c["id"][1] == 1
    assert "Record(" in k.signatures[0][0]


def test_a_record_of_another_dtype_is_not_stored_whole(jit):
    @jit
    def k(a, b):
        a[0] = b[0]

    with pytest.raises(pyjit.CompileError, match=r"cannot store a value of type Record\(.*\) into "
                                                 r"an array of Record"):
        k[1, 1](np.zeros(1, ALIGNED), np.zeros(1, PACKED))


_POS = np.dtype([("a", np.float64), ("b", np.int32), ("c", np.float32)])


def test_a_record_field_by_constant_position(jit):
    # numba: rec[0] is the first field (a literal index; negative from the end).
    @jit
    def k(arr, out):
        r = arr[0]
        out[0] = r[0]
        out[1] = arr[1][1]
        out[2] = arr[0][-1]
        arr[1][0] = 9.5
        arr[1][2] += 1.0
        r[1] = 7

    a = np.zeros(2, _POS)
    a[0] = (1.5, 2, 3.25)
    a[1] = (4.5, 5, 6.5)
    out = np.zeros(3)
    k[1, 1](a, out)
    assert out.tolist() == [1.5, 5.0, 3.25]
    assert a.tolist() == [(1.5, 7, 3.25), (9.5, 5, 7.5)]


def test_a_record_field_by_a_run_time_or_out_of_range_index_is_an_error(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "recpos", "def k(arr, i):\n    arr[0][i] = 1\n\n\n"
                                        "def j(arr):\n    arr[0][3] = 1\n")
    a = np.zeros(1, _POS)
    with pytest.raises(pyjit.CompileError, match=r"recpos.py:2:12: error: a record's field is "
                                                 r"named by a string literal or a constant int"):
        jit(m.k)[1, 1](a, 0)
    with pytest.raises(pyjit.CompileError, match=r"recpos.py:6:12: error: record field index 3 "
                                                 r"is out of range \(the record has 3 fields\)"):
        jit(m.j)[1, 1](a)


_ARR = np.dtype([("a", np.float64), ("arr", np.float32, (3,)), ("m", np.int32, (2, 2))])


def test_an_array_field_assigned_whole(jit):
    # numba: rec["arr"] = src copies src into the field; a number fills it.
    @jit
    def k(d):
        d[1]["m"] = (7, 8)  # a tuple fills a 1-d field only

    @jit
    def ok(d, src, m):
        d[0]["arr"] = src
        r = d[1]
        r.arr = 5.0
        d[0].m = m

    a = np.zeros(2, _ARR)
    with pytest.raises(pyjit.CompileError, match=r"cannot assign a value of type "
                                                 r"Tuple\(int64, int64\) to array\(int32, 2d, C\) "
                                                 r"\(an array field\): a tuple fills a 1-d one only"):
        k[1, 1](a)
    ok[1, 1](a, np.array([1.0, 2.0, 3.0], np.float32), np.array([[1, 2], [3, 4]]))
    assert a["arr"].tolist() == [[1.0, 2.0, 3.0], [5.0, 5.0, 5.0]]
    assert a["m"].tolist() == [[[1, 2], [3, 4]], [[0, 0], [0, 0]]]


def test_a_read_only_record_field_by_position_is_not_written(jit, tmp_path):
    from kernel_files import load_module
    m = load_module(tmp_path, "roposition", "def k(c):\n    c[0][1] += 1\n\n\n"
                                            "def j(c):\n    r = c[0]\n    r[1] += 1\n")
    c = np.zeros(1, _POS)
    c.flags.writeable = False
    for f in (m.k, m.j):
        with pytest.raises(pyjit.CompileError, match="cannot write to a read-only array"):
            jit(f)[1, 1](c)
    assert c["b"][0] == 0


REC3 = np.dtype([("x", "f8"), ("y", "f8"), ("v", "i4", (3,))], align=True)


def test_an_element_of_a_record_device_array_is_a_device_record(jit):
    # numba.cuda: d[i] of a record device array is a DeviceRecord, a view of
    # device memory: field writes and a kernel's writes reach d.
    @jit
    def set_fields(r):
        r.x = 42.0
        r.v[1] = 7

    d = cuda.to_device(np.zeros(2, REC3))
    d[0]["x"] = 5.0
    d[1]["y"] = 2.5
    assert isinstance(d[0], cuda.devicearray.DeviceRecord)
    assert d[0]["x"] == 5.0 and d[1]["y"] == 2.5
    set_fields[1, 1](d[1])
    host = d.copy_to_host()
    assert host["x"].tolist() == [5.0, 42.0] and host["y"].tolist() == [0.0, 2.5]
    assert host["v"].tolist() == [[0, 0, 0], [0, 7, 0]]
    assert d[1]["v"].copy_to_host().tolist() == [0, 7, 0]  # an array field: a view
    with pytest.raises(KeyError, match="no field 'z'"):
        d[0]["z"] = 1.0


def test_to_device_of_one_record_is_a_device_record(jit):
    @jit
    def read_and_write(r, out):
        out[0] = r.x + r.y
        r.y = -1.0

    one = np.zeros(1, REC3)[0]
    one["x"], one["y"] = 1.5, 3.0
    dr = cuda.to_device(one)
    out = np.zeros(1)
    read_and_write[1, 1](dr, out)
    assert out[0] == 4.5
    assert dr["y"] == -1.0 and one["y"] == 3.0  # the device copy changed, not the host's


def test_deepcopy_of_a_device_record_is_a_device_record():
    import copy
    d = cuda.to_device(np.zeros(2, REC3))
    d[1]["x"] = 4.0
    c = copy.deepcopy(d[1])
    assert isinstance(c, cuda.devicearray.DeviceRecord) and c["x"] == 4.0
    c["x"] = 1.0
    assert d[1]["x"] == 4.0   # a copy


def test_device_records_and_host_records_alternate_in_one_kernel(jit):
    # The launch path cached for a DeviceRecord argument must still take a
    # host record (np.void, copied in and back) and then a DeviceRecord again.
    rec = np.dtype([("x", "f8"), ("y", "f8")], align=True)

    @jit
    def k(r, out):
        out[0] = r.x + r.y
        r.y = 7.0

    d = cuda.to_device(np.ones(2, rec))
    out = np.zeros(1)
    k[1, 1](d[0], out)
    k[1, 1](d[1], out)
    assert out[0] == 2.0 and d.copy_to_host()["y"].tolist() == [7.0, 7.0]
    h = np.zeros(1, rec)[0]
    h["x"] = 2.0
    k[1, 1](h, out)
    assert out[0] == 2.0 and h["y"] == 7.0
    k[1, 1](d[0], out)
    assert out[0] == 8.0


NESTED = np.dtype([("g", np.int32), ("h", np.float32, 2)], align=True)


@cuda.jit(device=True)
def _first_record(ary):
    return ary[0]


@cuda.jit(device=True)
def _pick_record(ary, i):
    if i > 0:
        return ary[i]
    return ary[0]


def test_device_functions_return_records(jit):
    # numba-cuda's TestNestedArrays.test_getitem_idx: a device function
    # returns a record (a reference to its data, as numba's records are).
    @jit
    def k(a, res):
        res[0] = _first_record(a)
        res[1] = _pick_record(a, 2)
        r = _pick_record(a, 1)
        res[2]["g"] = r.g + 100

    a = np.zeros(3, NESTED)
    a["g"] = [1, 2, 3]
    a["h"] = [[1.5, 2.5], [3.5, 4.5], [5.5, 6.5]]
    res = np.zeros(3, NESTED)
    k[1, 1](a, res)
    assert res[0] == a[0] and res[1] == a[2]
    assert res[2]["g"] == 102


FIELDS = np.dtype([("v1", np.int64), ("v2", np.float64), ("c", np.complex64)])


def test_field_of_a_record_array_is_an_array_view(jit):
    # numba: a.v1 and a['v1'] of a record array are strided views of that field
    @jit
    def kernel(x, out, imag):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x.v1[i] + x["v2"][i]
            x.v2[i] = 2.5 * i  # writes go to the records
            c = x["c"]
            imag[i] = c[i].imag

    a = np.zeros(5, dtype=FIELDS)
    a["v1"] = np.arange(5)
    a["v2"] = 0.5
    a["c"] = 1 + 3j * np.arange(5)
    out = np.zeros(5)
    imag = np.zeros(5, np.float32)
    kernel[1, 8](a, out, imag)
    np.testing.assert_array_equal(out, np.arange(5) + 0.5)
    np.testing.assert_array_equal(a["v2"], 2.5 * np.arange(5))
    np.testing.assert_array_equal(imag, 3.0 * np.arange(5))
    np.testing.assert_array_equal(a["v1"], np.arange(5))  # untouched


def test_field_array_of_a_2d_record_array_and_its_shape(jit):
    @jit
    def kernel(x, out):
        v = x.v1
        for i in range(v.shape[0]):
            for j in range(v.shape[1]):
                out[i, j] = v[i, j] * 10 + v.ndim

    a = np.zeros((2, 3), dtype=FIELDS)
    a["v1"] = np.arange(6).reshape(2, 3)
    out = np.zeros((2, 3), np.int64)
    kernel[1, 1](a, out)
    np.testing.assert_array_equal(out, np.arange(6).reshape(2, 3) * 10 + 2)


def test_field_array_of_a_packed_field_is_refused():
    packed = np.dtype([("a", np.int8), ("b", np.int32)])

    def kernel(x, out):
        out[0] = x.b[0]

    with pytest.raises(pyjit.CompileError,
                       match="field 'b' is not at a multiple of its size \\(4 bytes\\)"):
        cuda.compile_ptx(kernel, (pyjit.from_dtype(packed)[:], pyjit.float64[:]))


def test_array_attributes_win_over_fields_of_their_names(jit):
    dt = np.dtype([("size", np.int64), ("strides", np.int64)], align=True)

    @jit
    def kernel(a, o):
        o[0] = a.strides[0]  # the array's, as in numba and numpy
        o[1] = a.size
        o[2] = a[1]["strides"]

    a = np.zeros(3, dt)
    a["strides"] = 200
    o = np.zeros(3)
    kernel[1, 1](a, o)
    assert list(o) == [16.0, 3.0, 200.0]


FIELD_NAME = "y"


@cuda.jit(device=True)
def field_by_name(r, name):
    return r[name]


def test_string_constants_name_fields(jit, capfd):
    # A global string, a device function's string parameter, a local: as
    # numba's Literal[str] names a field
    dt = np.dtype([("x", np.float64), ("y", np.float64)])

    @jit
    def kernel(a, o):
        s = "x"
        print("fields", s, FIELD_NAME)
        o[0] = a[1][FIELD_NAME]
        o[1] = a[FIELD_NAME][2]
        o[2] = field_by_name(a[0], "x")
        a[0][FIELD_NAME] = 9

    a = np.zeros(3, dt)
    a["x"] = [1, 2, 3]
    a["y"] = [4, 5, 6]
    o = np.zeros(3)
    kernel[1, 1](a, o)
    cuda.synchronize()
    assert list(o) == [5.0, 6.0, 1.0]
    assert list(a["y"]) == [9.0, 5.0, 6.0]
    assert "fields x y" in capfd.readouterr().out


def test_element_of_a_0d_record_array(jit):
    # numba-cuda's test_caching record_return: r[()] = ary[i] stores a whole
    # record into a 0-d record array; x = r[()] reads it (it crashed the
    # compiler: a 0-d array has no index to take the element's view at).
    dt = np.dtype([("a", np.int8), ("b", np.float64)], align=True)

    @jit
    def record_return(r, ary, i):
        r[()] = ary[i]

    @jit
    def from_0d(r, ary):
        x = r[()]
        ary[0] = x
        ary[1].b = x.b * 2

    arr = np.zeros(2, dtype=dt)
    arr["a"] = [1, 2]
    arr["b"] = [42.5, 43.5]
    r = np.zeros((), dtype=dt)
    record_return[1, 1](r, arr, 1)
    assert tuple(r[()]) == (2, 43.5)
    r["a"], r["b"] = 5, 1.25
    from_0d[1, 1](r, arr)
    assert tuple(arr[0]) == (5, 1.25) and tuple(arr[1]) == (2, 2.5)


def test_device_records_copy_into_host_records_and_hold_any_dtype():
    # numba-cuda's test_cuda_devicerecord: copy_to_host into an np.void,
    # devicearray.from_record_like; a dtype with a string field lives on the
    # device as storage, and a kernel takes it (the field is a str item).
    from pyjit.cuda.cudadrv import devicearray
    dt = np.dtype([("a", np.int32), ("b", np.float32)], align=True)
    host = np.array([(7, 1.5)], dt)
    dev = cuda.to_device(host[0])
    target = np.zeros(2, dt)
    assert dev.copy_to_host(target[1]) is not None
    assert tuple(target[1]) == (7, 1.5) and tuple(target[0]) == (0, 0.0)
    like = devicearray.from_record_like(host[0])
    assert isinstance(like, cuda.DeviceRecord) and like.dtype == dt
    again = devicearray.from_record_like(like)
    assert again.gpu_data != like.gpu_data and like.gpu_data == like.gpu_data
    auto, copied = devicearray.auto_device(host[0])
    assert copied and isinstance(auto, cuda.DeviceRecord)
    assert tuple(auto.copy_to_host(np.zeros(1, dt)[0])) == (7, 1.5)
    with pytest.raises(TypeError, match="incompatible dtype"):
        dev.copy_to_host(np.zeros(1, [("a", np.int64)])[0])

    strs = np.dtype([("a", np.float64), ("b", np.int32), ("d", (np.str_, 5))], align=True)
    rows = np.zeros(3, strs)
    rows["a"] = [1, 2, 3]
    d = cuda.to_device(rows)
    d[1]["d"] = "22222"
    assert d[1]["d"] == "22222" and d.copy_to_host()["a"].tolist() == [1, 2, 3]

    @cuda.jit
    def touch(x):
        x[0].a = len(x[0].d) + (x[0].d == "22222")  # 5 + True

    touch[1, 1](d[1:])
    assert d.copy_to_host()["a"].tolist() == [1, 6, 3]


def test_records_with_string_fields_pass_and_keep_their_layout(jit):
    # numba-cuda takes record arrays with string fields (its test_const_string);
    # kernels read and write the other fields at their offsets and positions;
    # a string field is a bytes or str item (numba's CharSeq, UnicodeCharSeq):
    # it compares with strings of its kind (bytes with bytes, str with str),
    # has a len(), and takes a string constant.
    dt = np.dtype([("name", "S10"), ("x", np.float64), ("label", "U4"), ("n", np.int32)],
                  align=True)
    a = np.zeros(4, dt)
    a["name"] = [b"a", b"bb", b"ccc", b"dddd"]
    a["label"] = "zz"
    a["x"] = [1.0, 2.0, 3.0, 4.0]
    a["n"] = [5, 6, 7, 8]

    @jit
    def k(r, out, chars):
        i = cuda.grid(1)
        if i < r.size:
            out[i] = r[i].x * r[i].n
            r[i].x = -r[i][1]                # by position: x is the second field
            chars[i, 0] = len(r[i].name)     # 1, 2, 3, 4
            chars[i, 1] = r[i].name == b"ccc"
            if r[i].label == "zz" and r[i].name != b"bb":
                r[i].label = "q"

    d = cuda.to_device(a)
    out = cuda.device_array(4, np.float64)
    chars = cuda.device_array((4, 2), np.int64)
    k[1, 4](d, out, chars)
    np.testing.assert_array_equal(out.copy_to_host(), [5.0, 12.0, 21.0, 32.0])
    np.testing.assert_array_equal(chars.copy_to_host(), [[1, 0], [2, 0], [3, 1], [4, 0]])
    back = d.copy_to_host()
    np.testing.assert_array_equal(back["x"], [-1.0, -2.0, -3.0, -4.0])
    assert list(back["label"]) == ["q", "zz", "q", "q"]
    np.testing.assert_array_equal(back["n"], [5, 6, 7, 8])


def test_mapped_and_pinned_arrays_of_records_keep_their_fields():
    # The numpy view of their memory came from a typestr '|V8' alone: the
    # fields were gone (a GPU's pinned arrays, every backend's mapped ones).
    dt = np.dtype([("a", np.int32), ("b", np.float32)])
    for make in (cuda.mapped_array, cuda.pinned_array, cuda.managed_array):
        x = make(4, dt)
        assert x.dtype == dt, make.__name__
        x["a"] = np.arange(4)
        x["b"] = 0.5
        assert x["a"].tolist() == [0, 1, 2, 3] and x["b"].tolist() == [0.5] * 4


_NUMBA_PACKED = np.dtype([("a", np.float32), ("b", np.int32)])  # numba's usual (packed) record


def _numba():
    np.row_stack = getattr(np, "row_stack", np.vstack)  # numba-cuda 0.30 with numpy 2.x
    return pytest.importorskip("numba", reason="numba is not installed (its types are the input)")


def test_numba_record_types_in_signatures_and_as_local_array_dtypes(jit):
    # A program that only swapped `from numba import cuda` keeps numba's
    # types: str() of numba.from_dtype(packed)[:] is 'unaligned array(Record(...),
    # 1d, A)', and a global numba Record names a local array's dtype.
    numba = _numba()
    rec = numba.from_dtype(_NUMBA_PACKED)
    global REC
    REC = rec

    @jit(numba.void(rec[:], numba.float32[:]))
    def k(r, out):
        tmp = cuda.local.array(1, REC)
        tmp[0].a = r[0].a * 2
        tmp[0].b = r[0].b + 1
        r[1].b = tmp[0].b
        out[0] = tmp[0].a

    r = np.zeros(2, _NUMBA_PACKED)
    r[0] = (1.5, 7)
    out = np.zeros(1, np.float32)
    k[1, 1](r, out)
    assert out[0] == 3.0 and r[1]["b"] == 8


def test_a_signature_refusing_a_record_array_raises_type_error(jit):
    # Arguments a record signature refuses (and records a plain one refuses)
    # are TypeErrors naming the parameter, as numba's "No matching definition".
    from pyjit import float64, void
    dt = np.dtype([("x", np.float64), ("n", np.int32)], align=True)

    @jit(void(pyjit.from_dtype(dt)[:], float64))
    def scale(r, s):
        i = cuda.grid(1)
        if i < r.shape[0]:
            r[i].x = r[i].x * s

    @jit(void(float64[:], float64))
    def plain(r, s):
        pass

    other = np.zeros(3, np.dtype([("x", np.float64), ("n", np.int64)]))
    for kernel, arg in ((scale, other), (scale, np.zeros(3)), (plain, np.zeros(3, dt))):
        with pytest.raises(TypeError, match="argument 'r' is array"):
            kernel[1, 4](arg, 1.0)
    r = np.zeros(3, dt)
    r["x"] = [1.0, 2.0, 3.0]
    scale[1, 4](r, 2.0)
    assert r["x"].tolist() == [2.0, 4.0, 6.0]


_CONFIG = np.rec.array([(10.0, 9.0, 3)], dtype=[("height", "f4"), ("start", "f4"),
                                                 ("n", "i8")])[0]
_NESTED = np.zeros(2, np.dtype([("a", "f8"), ("b", "i4", (3,)),
                                ("c", [("x", "u1"), ("y", "f4")])], align=True))
_NESTED[1] = (2.5, [1, 2, 3], (7, 0.5))
_PAIR = (_NESTED[1], 3)


@cuda.jit(device=True)
def _twice_height(cfg):
    return cfg.height * 2


def test_a_global_record_scalar_is_a_read_only_constant(jit, tmp_path):
    # numba-cuda lowers a global np.record/np.void as a constant record
    # (constant_record; with NumPy 2 its tostring() call fails, so numba
    # needs NumPy < 2 for this): its fields read as the host's.
    @jit
    def k(out):
        out[0] = _CONFIG.height - _CONFIG.start
        out[1] = _CONFIG.n
        r = _NESTED[1]  # (an element of a global array is a read-only record too)
        out[2] = _PAIR[0].a + _PAIR[0].b[2] + _PAIR[0]["c"]["x"] + _PAIR[0].c.y
        out[3] = _twice_height(_CONFIG)
        out[4] = _PAIR[0].a * _PAIR[1]
        out[5] = r.b.sum()

    out = np.zeros(6)
    k[1, 1](out)
    assert isinstance(_CONFIG, np.record) and isinstance(_PAIR[0], np.void)
    assert out.tolist() == [1.0, 3.0, 2.5 + 3 + 7 + 0.5, 20.0, 7.5, 6.0]

    from kernel_files import compile_error
    error = compile_error(tmp_path, "rec_global_write",
                          "import numpy as np\nCFG = np.zeros(1, [('h', 'f8')])[0]\n\n"
                          "def k(out):\n    CFG.h = out[0]\n", (np.zeros(1),),
                          r"cannot write to a read-only array \(its element is readonly Record")
    assert "rec_global_write.py:5:5" in str(error)


def test_a_device_function_returns_a_record_of_the_array(jit):
    # docs/language.md said a record could not be returned from a device
    # function; it can, and the caller's writes to it reach the array.
    @cuda.jit(device=True)
    def element(a, i):
        return a[i]

    @jit
    def k(a, out):
        r = element(a, 1)
        out[0] = r.x
        r.y = 5

    a = np.zeros(3, ALIGNED)
    a["x"] = [1.0, 2.0, 3.0]
    out = np.zeros(1, np.float32)
    k[1, 1](a, out)
    assert out[0] == 2.0
    assert a["y"].tolist() == [0, 5, 0]
