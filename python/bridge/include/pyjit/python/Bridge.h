//===- Bridge.h - Python objects <-> compiler inputs and errors ----------===//
//
// Shared by the extension and pyjitc, so a kernel's globals resolve the same
// way on both paths. Uses only the limited API (3.11).
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_PYTHON_BRIDGE_H
#define PYJIT_PYTHON_BRIDGE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "pyjit/frontend/SourceFile.h"
#include "pyjit/ir/GlobalEnv.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace pyjit::python {

/// Reads the globals description made by `pyjit._source.describe`: a dict
/// of name -> (kind, value) with kind one of "int", "float", "complex" (a
/// (real, imag) tuple), "bool",
/// "module", "function", "dtype", "devfunc", "unsupported". A "devfunc"
/// value is itself a description (source, filename, firstline, name,
/// globals), stored in `table` once per description (cycles allowed). One
/// with "overload" (its name) also has "variants", a dict of key -> a
/// description or a str saying why the key has none.
/// Returns false with a Python TypeError set if the dict is malformed.
bool globalsFromDict(PyObject *dict, ir::GlobalEnv &env, ir::DeviceFunctionTable &table);

/// The overloads whose variants a failed compile wanted
/// (ir::DeviceFunctionSource::wanted): a list of (overload name, key), each
/// once, emptied from \p table; an empty list when none; null with a Python
/// error set when out of memory.
PyObject *wantedOverloads(const ir::DeviceFunctionTable &table);

/// Gives \p file the display lines (SourceFile::setDisplayLines) in
/// \p lines, a list or tuple of str as `pyjit._source.describe` puts under
/// "display" for a lambda; nothing when \p lines is null or None. Returns
/// false with a TypeError set if it is malformed.
bool displayLinesFrom(PyObject *lines, SourceFile &file);

/// Gives \p file the line origin (SourceFile::setLineOrigin) in \p origin,
/// a tuple (compiled line, file line, column delta, least column) as
/// `pyjit._source.describe` puts under "origin" for a lambda; nothing when
/// null or None. Returns false with a TypeError set if it is malformed.
bool lineOriginFrom(PyObject *origin, SourceFile &file);

/// A Python str as UTF-8; nullopt with a TypeError set if not a str.
std::optional<std::string> toUtf8(PyObject *obj, const char *what);

/// Raises pyjit.CompileError for a CompileError, else pyjit.InternalError
/// (the extension maps runtime errors itself). Always returns null.
PyObject *raise(llvm::Error err);

/// Raises pyjit.errors.<name>(message without trailing newlines), with
/// keyword code=\p code where given (CudaError's CUresult). Always returns
/// null.
PyObject *raiseNamed(const char *name, const std::string &message,
                     std::optional<long> code = std::nullopt);

} // namespace pyjit::python

#endif
