"""The disk tier of the kernel cache (docs/cache.md).

Each compiled overload is stored under a key: the BLAKE2b digest of named
parts, each itself a digest of

  * ``kernel``: the kernel's source text, file and name;
  * ``device function <name> (<file>)``: the source of every device function
    the kernel reaches, transitively and across files;
  * ``globals``: every other global and closure value it reads (numbers,
    tuples, constant arrays, dtypes), of the kernel and of each device function;
  * ``signature``, ``target`` (the arch, or the host CPU), ``options``
    (compiler and linker options after defaults);
  * ``versions``: pyjit, LLVM, and for GPUs the nvJitLink and driver versions.

The files themselves (atomic writes, BLAKE3 checksums, least recently used
eviction) are runtime/DiskCache.h's. Settings, read at each compile:

  PYJIT_CACHE_DIR        the directory (default: $XDG_CACHE_HOME/pyjit or
                         ~/.cache/pyjit)
  PYJIT_CACHE=0          no disk cache (as `cache=False` on one kernel)
  PYJIT_CACHE_MAX_BYTES  size limit of the directory, default 1 GiB

A directory that cannot be created or written falls back to the memory
cache with one RuntimeWarning per process.
"""
import hashlib
import json
import os
import re
import struct
import sys
import warnings

from ._ext import ext
from ._locks import new_lock

DEFAULT_MAX_BYTES = 1 << 30
_ENTRY_HEADER_BYTES = 48  # an entry file's header (runtime/DiskCache.h)
_FORMAT = 1  # of the payload below; part of the key

_lock = new_lock(sys.modules[__name__], "_lock")  # (a forked child's is unlocked)
_stats = {"hits": 0, "misses": 0, "corrupt": 0, "stores": 0}
_last_miss = {}   # kernel name (_miss_name) -> why its last lookup missed
_miss_files = {}  # qualified name -> the file of the first kernel missed under it
_recent = {}      # (filename, kernel name) -> key parts of entries seen in this process
_warned = set()   # directories already warned about (unreadable: not used)
_unwritable = set()  # directories a store could not write: read, not written


def directory():
    """The cache directory in use, or None when the disk cache is off."""
    switch = os.environ.get("PYJIT_CACHE", "1").strip().lower()
    if switch in ("0", "false", "no", "off"):
        return None
    if switch not in ("", "1", "true", "yes", "on") and ("switch", switch) not in _warned:
        _warned.add(("switch", switch))
        from ._options import _user_stacklevel
        warnings.warn("PYJIT_CACHE=%r is not one of 0/false/no/off (cache off) or 1/true/yes/on; "
                      "the disk cache stays on" % switch, RuntimeWarning,
                      stacklevel=_user_stacklevel())
    d = os.environ.get("PYJIT_CACHE_DIR")
    if not d:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        d = os.path.join(base, "pyjit")
    return os.path.abspath(os.path.expanduser(d))


def _max_bytes():
    """PYJIT_CACHE_MAX_BYTES: a whole number of bytes, 0 for no limit. Anything
    else is reported once (RuntimeWarning) and the default used."""
    text = os.environ.get("PYJIT_CACHE_MAX_BYTES", "").strip()
    if not text:
        return DEFAULT_MAX_BYTES
    try:
        value = int(text)
        if value >= 0:
            return min(value, 2 ** 64 - 1)  # (the C++ side's uint64: beyond it, no limit)
    except ValueError:
        pass
    if ("max_bytes", text) not in _warned:
        _warned.add(("max_bytes", text))
        from ._options import _user_stacklevel
        warnings.warn("PYJIT_CACHE_MAX_BYTES must be a whole number of bytes (0: no limit), "
                      "got %r: using %d" % (text, DEFAULT_MAX_BYTES), RuntimeWarning,
                      stacklevel=_user_stacklevel())
    return DEFAULT_MAX_BYTES


def _exact(obj):
    """`obj` with each NaN (in a float, a complex, or inside tuples, lists
    and dicts) replaced by its bits: repr shows every NaN as `nan`, so a
    global changed from NaN to -NaN or to another payload (which compiled
    code keeps, e.g. for math.copysign) would otherwise keep its key."""
    if isinstance(obj, float):
        return ("nan", struct.pack("<d", obj).hex()) if obj != obj else obj
    if isinstance(obj, complex):
        return ("complex", _exact(obj.real), _exact(obj.imag)) if obj != obj else obj
    if isinstance(obj, (tuple, list)):
        if not any(isinstance(v, (float, complex, tuple, list, dict)) for v in obj):
            return obj
        return type(obj)(_exact(v) for v in obj)
    if isinstance(obj, dict):
        return {k: _exact(v) for k, v in obj.items()}
    return obj


def _digest(obj):
    return hashlib.blake2b(repr(_exact(obj)).encode(), digest_size=16).hexdigest()


def _function_digest(info):
    extra = ()
    if "overload_digest" in info:  # an overloaded function: its typing functions' text
        extra += (info["overload_digest"],)
    if info.get("signatures"):  # signatures a call converts to (eager, or an overload's)
        extra += (tuple(info["signatures"]),)
    return _digest((info["source"], info["filename"], info["firstline"], info["name"]) + extra)


def _functions_in(value, found):
    """Adds the device functions in `value` (a global's description: inside
    tuples, and a namespace's members) to `found`."""
    if isinstance(value, tuple) and len(value) >= 2 and isinstance(value[0], str):
        if value[0] == "devfunc" and isinstance(value[1], dict):
            found.append(value[1])
            return
        if value[0] == "namespace":
            for member in value[1][1].values():
                _functions_in(member, found)
            return
    if isinstance(value, (tuple, list)):
        for v in value:
            _functions_in(v, found)


def _replaced(value, done):
    """`value` with each device function replaced by its digest in `done`
    (by its text where it has none yet: a call back into a function whose
    digest is being made), each namespace by its members'."""
    if isinstance(value, tuple) and len(value) >= 2 and isinstance(value[0], str):
        if value[0] == "devfunc" and isinstance(value[1], dict):
            return ("devfunc", done.get(id(value[1])) or _function_digest(value[1]))
        if value[0] == "namespace":
            name, members = value[1]
            return ("namespace", name, tuple((k, _replaced(v, done))
                                             for k, v in sorted(members.items())))
    if isinstance(value, (tuple, list)):
        return type(value)(_replaced(v, done) for v in value)
    return value


def _deep_digests(info):
    """{id(description): digest} of every device function `info` (a kernel's
    description) reaches: a function's text with everything it reads (its
    globals, closure variables and defaults), the device functions among them
    by their own such digests, as a Merkle tree. Two closures of one factory
    (one text, other captured values), or one module loaded twice, differ in
    it, so a global naming one of them names which. A call back into a
    function whose digest is being made (recursion) counts by its text. A
    worklist in post-order, not recursion: a chain of device functions may
    be thousands deep."""
    done, state = {}, {}  # state: id -> 1 while its callees are done, 2 when done
    stack = [(info, False)]
    while stack:
        f, finish = stack.pop()
        if finish:
            if f is not info:
                done[id(f)] = _digest((_function_digest(f), tuple(
                    (name, _replaced(v, done)) for name, v in sorted(f["globals"].items()))))
            state[id(f)] = 2
            continue
        if state.get(id(f)):
            continue
        state[id(f)] = 1
        stack.append((f, True))
        callees = []
        for v in f["globals"].values():
            _functions_in(v, callees)
        stack.extend((c, False) for c in callees if not state.get(id(c)))
    return done


def _walk(info, parts, global_values, seen):
    """Adds the device functions `info` reaches to parts, and every global it
    reads to global_values: a global naming a device function is recorded as
    that function's _deep_digests digest, so which function each name means
    (of same-texted ones too) is in the key.
    A namespace's members (a module's device functions and constants) are
    recorded as `module_name.member`, the same way. A worklist, not
    recursion: a chain of device functions may be thousands deep."""
    deep = _deep_digests(info)
    work = [(info, info["globals"], "")]
    while work:
        info, values, prefix = work.pop()
        for name, value in values.items():
            where = (info["filename"], info["firstline"], info["name"], prefix + name)
            if value[0] == "namespace":
                global_values.append(where + (("namespace", value[1][0]),))
                work.append((info, value[1][1], prefix + name + "."))
                continue
            # (device functions by their digests: their descriptions hold
            # values whose repr is not stable, an overload's name, its variants)
            nested = []
            _functions_in(value, nested)
            global_values.append(where + (_replaced(value, deep),))
            for dev in nested:
                if id(dev) in seen:
                    continue
                seen.add(id(dev))
                # The line tells apart same-named functions of one file (factories).
                label = "device function '%s' (%s:%d)" % (dev["name"], dev["filename"],
                                                          dev["firstline"])
                parts[label] = _function_digest(dev)
                work.append((dev, dev["globals"], ""))


def key_parts(info, argtypes, target, options, versions):
    """The named digests the cache key is made of (see the module docstring)."""
    parts = {"kernel": _digest((info["source"], info["filename"], info["name"],
                                info["firstline"]))}
    global_values = []
    _walk(info, parts, global_values, {id(info)})
    parts["globals"] = _digest(sorted(global_values, key=lambda g: g[:4]))
    parts["signature"] = _digest(tuple(argtypes))
    parts["target"] = _digest(target)
    parts["options"] = _digest(sorted(options.items()))
    parts["versions"] = _digest((_FORMAT, sorted(versions.items())))
    return parts


def _key(parts):
    return hashlib.blake2b(repr(sorted(parts.items())).encode(), digest_size=24).hexdigest()


def _warn_once(cache_dir, exc):
    if cache_dir not in _warned:
        _warned.add(cache_dir)
        from ._options import _user_stacklevel
        warnings.warn("pyjit's kernel cache is not usable (%s): compiled kernels are cached "
                      "in memory only" % exc, RuntimeWarning,
                      stacklevel=_user_stacklevel())


def _explain_miss(kernel_ident, parts):
    """Which parts differ from the closest entry seen for this kernel."""
    seen = _recent.get(kernel_ident, [])
    if not seen:
        return "no entry for this kernel yet"
    best = min(seen, key=lambda old: sum(old.get(k) != v for k, v in parts.items()))
    changed = [k for k, v in parts.items() if best.get(k) != v]
    changed += [k for k in best if k not in parts]  # a device function no longer reached
    return "changed: " + ", ".join(changed) if changed else "entry missing or evicted"


_INDEX_FILES = 4096  # the most explanation files kept (_trim_index)
_INDEX_NAME = re.compile(r"[0-9a-f]{32}\.json(\.\d+\.tmp)?\Z")  # (_index_path, _remember)


def _index_path(cache_dir, kernel_ident):
    return os.path.join(cache_dir, "index", _digest(kernel_ident) + ".json")


def _index_files(index_dir):
    """The paths of the explanation files in index_dir (named as
    _index_path and _remember name them: other files are not the cache's)."""
    try:
        names = os.listdir(index_dir)
    except OSError:
        return []
    return [os.path.join(index_dir, n) for n in names if _INDEX_NAME.match(n)]


def _trim_index(index_dir):
    """Removes the least recently written explanation files beyond
    _INDEX_FILES (kernels in per-run temporary files would add one each)."""
    files = _index_files(index_dir)
    if len(files) <= _INDEX_FILES:
        return
    def mtime(path):
        try:
            return os.stat(path).st_mtime
        except OSError:
            return 0.0
    for path in sorted(files, key=mtime)[:len(files) - _INDEX_FILES * 3 // 4]:
        try:
            os.remove(path)
        except OSError:
            pass


def _remember(cache_dir, kernel_ident, parts):
    seen = _recent.setdefault(kernel_ident, [])
    if parts not in seen:
        seen.append(parts)
        del seen[:-16]
    if cache_dir is None:
        return
    try:  # the same list on disk, for the next process's explanations
        path = _index_path(cache_dir, kernel_ident)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        new = not os.path.exists(path)
        tmp = "%s.%d.tmp" % (path, os.getpid())
        with open(tmp, "w") as f:
            json.dump(seen, f)
        os.replace(tmp, path)
        if new:
            _trim_index(os.path.dirname(path))
    except OSError:
        pass  # only explanations are lost


def _load_index(cache_dir, kernel_ident):
    if kernel_ident in _recent or cache_dir is None:
        return
    path = _index_path(cache_dir, kernel_ident)
    try:
        if not os.path.isfile(path):  # (a FIFO there would block the read)
            return
        with open(path) as f:
            loaded = json.load(f)
        if isinstance(loaded, list):
            _recent[kernel_ident] = [p for p in loaded if isinstance(p, dict)]
    except (OSError, ValueError, RecursionError):  # (damaged: only explanations are lost)
        pass


def _miss_name(kernel_ident):
    """The key of `kernel_ident`'s explanation in last_miss: its qualified
    name, or, when a kernel of another file missed first under that name,
    "qualname (filename)". (Called with _lock held.)"""
    filename, qualname = kernel_ident
    first = _miss_files.setdefault(qualname, filename)
    return qualname if first == filename else "%s (%s)" % (qualname, filename)


def lookup(kernel_ident, parts, still_valid=None):
    """The stored payload (dict) for `parts`, or None (a miss, counted and
    explained). `still_valid(entry)`, called outside the cache's lock, may
    refuse an entry found (a kernel reaching overloads whose typing functions
    now choose other implementations): a miss then."""
    entry = _lookup(kernel_ident, parts)
    if entry is not None and still_valid is not None and not still_valid(entry):
        with _lock:
            _stats["hits"] -= 1
            _stats["misses"] += 1
            # (what the check compares: each variant's implementation, its
            # text and what it reads, as its typing function chooses it now)
            _last_miss[_miss_name(kernel_ident)] = ("an overloaded function's implementation changed, or "
                                           "its typing function chose another implementation")
        return None
    return entry


def _lookup(kernel_ident, parts):
    cache_dir = directory()
    with _lock:
        name = _miss_name(kernel_ident)
        _load_index(cache_dir, kernel_ident)
        if cache_dir is not None and cache_dir not in _warned:
            try:
                status, payload = ext().cache_load(os.fsencode(cache_dir), _key(parts))
            except OSError as exc:
                _warn_once(cache_dir, exc)
                status, payload = "miss", None
            if status == "hit":
                entry = _decode(payload)
                if entry is not None and entry.get("key") != _key(parts):
                    entry = None  # an entry copied or renamed under another key
                if entry is not None:
                    _stats["hits"] += 1
                    _remember(None, kernel_ident, parts)
                    return entry
                status = "corrupt"
            if status == "corrupt":
                _stats["corrupt"] += 1
                _last_miss[name] = "corrupt entry, recompiled"
            else:
                _last_miss[name] = _explain_miss(kernel_ident, parts)
        else:
            _last_miss[name] = ("disk cache off" if cache_dir is None else
                                _explain_miss(kernel_ident, parts))
        _stats["misses"] += 1
        return None


def store(kernel_ident, parts, entry):
    """Writes `entry` (dict of str/bytes/JSON values) under `parts`."""
    cache_dir = directory()
    with _lock:
        if cache_dir is None or cache_dir in _warned or cache_dir in _unwritable:
            _remember(None, kernel_ident, parts)
            return
        try:
            entry = dict(entry, key=_key(parts))
            payload, limit = _encode(entry), _max_bytes()
            if limit and len(payload) + _ENTRY_HEADER_BYTES > limit:
                # (written, it would be evicted at once, with older entries)
                _remember(cache_dir, kernel_ident, parts)
                return
            ext().cache_store(os.fsencode(cache_dir), _key(parts), payload, limit)
            _stats["stores"] += 1
        except OSError as exc:
            if not os.path.isdir(cache_dir):
                _warn_once(cache_dir, exc)  # the directory: memory only from now on
            elif not os.access(cache_dir, os.R_OK | os.X_OK):
                # (its entries cannot be loaded either: memory only)
                _warn_once(cache_dir, "the directory %s cannot be read: %s" % (cache_dir, exc))
            elif not os.access(cache_dir, os.W_OK):
                # Read-only (a shared, prepared cache, say): its entries
                # are still read, new kernels are kept in memory.
                _unwritable.add(cache_dir)
                from ._options import _user_stacklevel
                warnings.warn("pyjit's kernel cache directory cannot be written (%s): the "
                              "kernels it holds are still loaded from it, new ones are "
                              "cached in memory only" % exc, RuntimeWarning,
                              stacklevel=_user_stacklevel())
            elif ("store", cache_dir) not in _warned:
                # One entry (a concurrent clear_cache, a path in the way):
                # the cache stays on for the other kernels.
                _warned.add(("store", cache_dir))
                from ._options import _user_stacklevel
                warnings.warn("pyjit could not store a kernel in its cache (%s); it stays "
                              "compiled in memory" % exc, RuntimeWarning,
                              stacklevel=_user_stacklevel())
        _remember(cache_dir, kernel_ident, parts)


def _encode(entry):
    """JSON header (plain values, blob sizes) followed by the blobs."""
    header, blobs = {}, []
    for k, v in entry.items():
        if isinstance(v, (bytes, bytearray)):
            header[k] = {"blob": len(blobs), "bytes": len(v)}
            blobs.append(bytes(v))
        else:
            header[k] = {"value": v}
    head = json.dumps(header).encode()
    return struct.pack("<I", len(head)) + head + b"".join(blobs)


def _decode(payload):
    try:
        (n,) = struct.unpack_from("<I", payload)
        header = json.loads(payload[4:4 + n])
        offset, out, blobs = 4 + n, {}, []
        for k, v in sorted(header.items(), key=lambda kv: kv[1].get("blob", -1)):
            if "blob" in v:
                out[k] = payload[offset:offset + v["bytes"]]
                offset += v["bytes"]
            else:
                out[k] = v["value"]
        return out if offset == len(payload) else None
    except (ValueError, KeyError, TypeError, struct.error, AttributeError):
        return None


def cache_info():
    """Counters of this process's lookups and the disk cache's usage.

    Returns a dict: hits, misses (lookups that compiled), corrupt (entries
    found damaged and recompiled), stores, entries and bytes (on disk now),
    directory (None when off), last_miss ({kernel name: why its last lookup
    missed, e.g. "changed: device function 'f' (/path/lib.py)"}; the name is
    the kernel's __qualname__, or "qualname (file)" when a kernel of another
    file took that name first in this process).
    """
    cache_dir = directory()
    if cache_dir in _warned:
        cache_dir = None  # (not usable: this process keeps kernels in memory only)
    entries = nbytes = 0
    if cache_dir is not None and os.path.isdir(cache_dir):
        try:
            entries, nbytes = ext().cache_usage(os.fsencode(cache_dir))
        except OSError:
            pass
    with _lock:
        info = dict(_stats)
        info["last_miss"] = dict(_last_miss)
    info.update(entries=entries, bytes=nbytes, directory=cache_dir)
    return info


def clear_cache():
    """Deletes every entry of the disk cache; returns how many were removed.
    Kernels already loaded in this process stay usable."""
    cache_dir = directory()
    if cache_dir is None or not os.path.isdir(cache_dir):
        return 0
    with _lock:
        removed = ext().cache_clear(os.fsencode(cache_dir))
        index_dir = os.path.join(cache_dir, "index")
        for path in _index_files(index_dir):  # (only the cache's own files)
            try:
                os.remove(path)
            except OSError:
                pass
        try:
            os.rmdir(index_dir)
        except OSError:
            pass  # (not empty: someone else's files; or gone)
        _recent.clear()
    return removed
