"""In-memory code to link into kernels, as numba-cuda's LinkableCode
(`cuda.CUSource`, `PTXSource`, `Cubin`, `Fatbin`, `Object`, `Archive`,
`LTOIR`): given to `link=` of `@cuda.jit` or `declare_device` in place of a
file path.

Each is a path (os.PathLike): its data is written once to a file named by
its content's BLAKE2b digest (hashlib) under the temporary directory, by a
temporary file and an atomic rename, so the link machinery, the disk cache's
key (the file's digest) and NVRTC for `.cu` take it as any other file."""
import hashlib
import os
import tempfile


class LinkableCode(os.PathLike):
    """Code to link, held in memory: `data` (bytes, or str for source text),
    `name` (shown in messages). `setup_callback`/`teardown_callback` are
    accepted for numba-cuda's signature and not called (pyjit keeps no
    per-module state for them). Raises TypeError for data of another type."""

    kind = None  # the file extension pyjit's linker reads it by

    def __init__(self, data, name=None, setup_callback=None, teardown_callback=None):
        if isinstance(data, str):
            data = data.encode()
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError("%s: data must be bytes or str, got %s"
                            % (type(self).__name__, type(data).__name__))
        self.data = bytes(data)
        self.name = name or "<%s %s>" % (type(self).__name__, self._digest()[:12])
        self.setup_callback, self.teardown_callback = setup_callback, teardown_callback
        self._path = None

    def _digest(self):
        return hashlib.blake2b(self.data, digest_size=16).hexdigest()

    def __fspath__(self):
        if self._path is None:
            folder = os.path.join(tempfile.gettempdir(), "pyjit-linkable-%d" % os.getuid())
            os.makedirs(folder, mode=0o700, exist_ok=True)
            path = os.path.join(folder, self._digest() + self.kind)
            if not os.path.isfile(path):
                fd, tmp = tempfile.mkstemp(dir=folder, suffix=self.kind)
                with os.fdopen(fd, "wb") as f:
                    f.write(self.data)
                os.replace(tmp, path)
            self._path = path
        return self._path

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, self.name)


class CUSource(LinkableCode):
    """CUDA C++ source, compiled with NVRTC when linked."""
    kind = ".cu"


class PTXSource(LinkableCode):
    """PTX text."""
    kind = ".ptx"


class Cubin(LinkableCode):
    """A cubin (ELF for one architecture)."""
    kind = ".cubin"


class Fatbin(LinkableCode):
    """A fatbinary."""
    kind = ".fatbin"


class Object(LinkableCode):
    """A host-format object file holding device code."""
    kind = ".o"


class Archive(LinkableCode):
    """A library archive of such objects."""
    kind = ".a"


class LTOIR(LinkableCode):
    """NVVM LTO-IR."""
    kind = ".ltoir"
