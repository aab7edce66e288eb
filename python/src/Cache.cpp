//===- Cache.cpp - The kernel cache's disk tier, for Python ----------------===//
//
// cache_load(dir, key) -> ('hit', bytes) | ('miss', None) | ('corrupt', None)
// cache_store(dir, key, payload: bytes, max_bytes: int)   raises OSError
// cache_clear(dir) -> entries removed                      raises OSError
// cache_usage(dir) -> (entries, bytes)
// versions() -> dict(llvm='22.1.8', host_cpu='znver3', host_features='avx2,...')
// See runtime/DiskCache.h for the file format and guarantees.
//===----------------------------------------------------------------------===//
#include "Extension.h"
#include "pyjit/runtime/DiskCache.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/TargetParser/Host.h"

using namespace pyjit;

namespace {
PyObject *raiseOSError(llvm::Error err) {
  // (the message names paths: bytes in the file system's encoding)
  std::string message = llvm::toString(std::move(err));
  if (PyObject *text = PyUnicode_DecodeFSDefault(message.c_str())) {
    PyErr_SetObject(PyExc_OSError, text);
    Py_DECREF(text);
  }
  return nullptr;
}

std::optional<runtime::DiskCache> openCache(const char *dir) {
  auto cache = runtime::DiskCache::open(dir);
  if (!cache) {
    raiseOSError(cache.takeError());
    return std::nullopt;
  }
  return std::move(*cache);
}

/// The cache of a (dir,) argument tuple; nullopt with an exception set.
std::optional<runtime::DiskCache> cacheOfArgs(PyObject *args) {
  const char *dir;
  if (!PyArg_ParseTuple(args, "y", &dir)) // (os.fsencode's bytes: any path)
    return std::nullopt;
  return openCache(dir);
}
} // namespace

PyObject *python::cacheLoad(PyObject *, PyObject *args) {
  const char *dir, *key;
  if (!PyArg_ParseTuple(args, "ys", &dir, &key))
    return nullptr;
  auto cache = openCache(dir);
  if (!cache)
    return nullptr;
  std::string payload;
  runtime::CacheLookup found;
  Py_BEGIN_ALLOW_THREADS found = cache->load(key, payload);
  Py_END_ALLOW_THREADS
  switch (found) {
  case runtime::CacheLookup::Hit:
    return Py_BuildValue("(sy#)", "hit", payload.data(), static_cast<Py_ssize_t>(payload.size()));
  case runtime::CacheLookup::Corrupt:
    return Py_BuildValue("(sO)", "corrupt", Py_None);
  case runtime::CacheLookup::Miss:
    break;
  }
  return Py_BuildValue("(sO)", "miss", Py_None);
}

PyObject *python::cacheStore(PyObject *, PyObject *args) {
  const char *dir, *key, *payload;
  Py_ssize_t size;
  unsigned long long maxBytes;
  if (!PyArg_ParseTuple(args, "ysy#K", &dir, &key, &payload, &size, &maxBytes))
    return nullptr;
  auto cache = openCache(dir);
  if (!cache)
    return nullptr;
  llvm::Error err = llvm::Error::success();
  Py_BEGIN_ALLOW_THREADS err = cache->store(key, llvm::StringRef(payload, size), maxBytes);
  Py_END_ALLOW_THREADS
  if (err)
    return raiseOSError(std::move(err));
  Py_RETURN_NONE;
}

PyObject *python::cacheClear(PyObject *, PyObject *args) {
  auto cache = cacheOfArgs(args);
  if (!cache)
    return nullptr;
  auto removed = cache->clear();
  if (!removed)
    return raiseOSError(removed.takeError());
  return PyLong_FromUnsignedLongLong(*removed);
}

PyObject *python::cacheUsage(PyObject *, PyObject *args) {
  auto cache = cacheOfArgs(args);
  if (!cache)
    return nullptr;
  runtime::DiskCacheUsage u = cache->usage();
  return Py_BuildValue("(KK)", static_cast<unsigned long long>(u.entries),
                       static_cast<unsigned long long>(u.bytes));
}

PyObject *python::versions(PyObject *, PyObject *) {
  // The CPU backend compiles for this CPU (codegen/HostTarget.h): its name
  // and features are part of a host kernel's cache key.
  std::vector<std::string> enabled;
  for (const auto &[name, on] : llvm::sys::getHostCPUFeatures())
    if (on)
      enabled.push_back(name.str());
  llvm::sort(enabled);
  std::string features = llvm::join(enabled, ",");
  return Py_BuildValue("{s:s,s:s,s:s}", "llvm", LLVM_VERSION_STRING, "host_cpu",
                       llvm::sys::getHostCPUName().str().c_str(), "host_features",
                       features.c_str());
}
