//===- DiskCache.h - Compiled kernels on disk, checksummed, LRU-bounded ----===//
//
// The kernel cache's disk tier. An entry is one file `<dir>/<key>.pjk`:
//
//   bytes 0-7    magic "PYJITK01"
//   bytes 8-15   payload size (little-endian uint64)
//   bytes 16-47  BLAKE3 digest (32 bytes) of the payload
//   bytes 48-    payload (opaque here; the Python layer defines it)
//
// `key` is a hex digest computed by the caller from everything a kernel's
// code depends on (docs/cache.md). Writes go to a unique temporary file in
// the same directory and are renamed over the entry, so a reader (another
// process too) sees the old entry, the new one, or none — never a partial
// one. A truncated or corrupt entry fails the size or checksum test on
// load, is deleted, and reads as absent. A load refreshes the entry's
// modification time; a store evicts the least recently used entries until
// the directory's entries fit in `maxBytes`.
//
// Errors are llvm::Error values carrying the path and the OS's reason.
//===----------------------------------------------------------------------===//
#ifndef PYJIT_RUNTIME_DISKCACHE_H
#define PYJIT_RUNTIME_DISKCACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>

namespace pyjit::runtime {

/// What DiskCache::load found.
enum class CacheLookup { Hit, Miss, Corrupt };

struct DiskCacheUsage {
  uint64_t entries = 0;
  uint64_t bytes = 0; // file sizes, headers included
};

class DiskCache {
public:
  /// A cache in `dir`, created (with parents) if missing; an error if it
  /// cannot be created or is not a directory.
  static llvm::Expected<DiskCache> open(llvm::StringRef dir);

  /// Reads the entry `key` into `payload`. Corrupt entries are removed.
  CacheLookup load(llvm::StringRef key, std::string &payload) const;

  /// Writes the entry `key` atomically, then evicts least recently used
  /// entries while the cache holds more than `maxBytes` (0: no limit).
  llvm::Error store(llvm::StringRef key, llvm::StringRef payload, uint64_t maxBytes) const;

  /// Removes every entry (and stray temporary files); returns how many.
  llvm::Expected<uint64_t> clear() const;

  DiskCacheUsage usage() const;

  const std::string &directory() const { return dir; }

private:
  explicit DiskCache(std::string dir) : dir(std::move(dir)) {}
  std::string entryPath(llvm::StringRef key) const;
  void evict(uint64_t maxBytes) const;

  std::string dir;
};

} // namespace pyjit::runtime

#endif
