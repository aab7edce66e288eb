"""Pickling kernels, device functions and ufuncs, as numba pickles its
dispatchers (numba/core/serialize.py), so that they pass to other processes
(a multiprocessing pool) and back.

An object its module holds under its function's qualified name is pickled by
reference (the module is imported where it is loaded, as pickle does for
functions). Any other (one made inside a function) is pickled by value: the
function's code (marshal, so the same Python version must load it), the
globals it reads, its defaults and its closure's contents, and the
decorator's arguments; loading rebuilds the function and decorates it
again. pyjit compiles from the source text, so the file that defined the
function must be readable where it is loaded, as for numba's cache.
Pickling raises what pickle raises for a global or closure value it cannot
pickle (pickle.PicklingError, TypeError)."""
import builtins
import importlib
import marshal
import sys
import types


class _ModuleRef:
    """A module read by the function (np, math, cuda): imported on loading."""

    def __init__(self, name):
        self.name = name


class _Owner:
    """The object being pickled itself, as its own function refers to it."""


class _Empty:
    """A closure cell not yet filled."""


def _by_reference(module_name, qualname, obj):
    """Whether `module_name`.`qualname` is `obj`."""
    module = sys.modules.get(module_name)
    if module is None or "<locals>" in qualname:
        return False
    value = module
    for part in qualname.split("."):
        value = getattr(value, part, None)
    return value is obj


def _load_by_reference(module_name, qualname):
    value = importlib.import_module(module_name)
    for part in qualname.split("."):
        value = getattr(value, part)
    return value


def _names_read(code):
    """The global names `code` and the code nested in it read."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _names_read(const)
    return names


def _portable(value, owner):
    if value is owner:
        return _Owner()
    if isinstance(value, types.ModuleType):
        return _ModuleRef(value.__name__)
    return value


def _restored(value, owner):
    if isinstance(value, _Owner):
        return owner
    if isinstance(value, _ModuleRef):
        return importlib.import_module(value.name)
    return value


def reduce(obj, func, cls, args):
    """obj.__reduce__() for a pyjit object wrapping Python function `func`
    that `cls(func, *args)` makes again."""
    module_name = getattr(func, "__module__", None) or "__main__"
    qualname = getattr(func, "__qualname__", func.__name__)
    if _by_reference(module_name, qualname, obj):
        return _load_by_reference, (module_name, qualname)
    code = func.__code__
    globals_ = {name: _portable(func.__globals__[name], obj)
                for name in sorted(_names_read(code)) if name in func.__globals__}
    closure = tuple(_portable(c.cell_contents, obj) if _filled(c) else _Empty()
                    for c in func.__closure__ or ())
    payload = (marshal.dumps(code), module_name, func.__name__, qualname, func.__defaults__,
               func.__kwdefaults__, func.__doc__, globals_, closure)
    return _rebuild, (cls, payload, args)


def _filled(cell):
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def _rebuild(cls, payload, args):
    (code, module_name, name, qualname, defaults, kwdefaults, doc, globals_,
     closure) = payload
    module = sys.modules.get(module_name)
    if module is not None:
        scope = module.__dict__  # its module's globals, as the function had them
        for key, value in globals_.items():
            scope.setdefault(key, _restored(value, None))
    else:
        scope = {"__builtins__": builtins, "__name__": module_name}
        scope.update({key: _restored(value, None) for key, value in globals_.items()})
    cells = tuple(types.CellType() if isinstance(v, _Empty) else
                  types.CellType(None if isinstance(v, _Owner) else _restored(v, None))
                  for v in closure)
    func = types.FunctionType(marshal.loads(code), scope, name, defaults, cells or None)
    func.__kwdefaults__ = kwdefaults
    func.__qualname__ = qualname
    func.__doc__ = doc
    func.__module__ = module_name
    obj = cls(func, *args)
    for cell, value in zip(cells, closure):
        if isinstance(value, _Owner):  # a function that refers to itself: to the new object
            cell.cell_contents = obj
    return obj
