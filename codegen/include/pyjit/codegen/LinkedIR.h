//===- LinkedIR.h - LLVM IR a kernel links in (numba @intrinsic) -*- C++ -*-===//
//
// A numba @intrinsic reaches the compiler as an Extern global with LLVM IR
// text (GlobalEnv.h): llvmlite's IRBuilder code, wrapped by the Python side
// (python/pyjit/_intrinsic.py) in a C-ABI function named by the Extern's
// symbol. IRGen records the text on the calling ir::Function
// (Function::linkedIR); this file checks it and links it into the kernel's
// LLVM module, where it is inlined as numba inlines an intrinsic's code.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_CODEGEN_LINKEDIR_H
#define PYJIT_CODEGEN_LINKEDIR_H

#include "pyjit/ir/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace pyjit::codegen {

/// Parses LLVM IR \p text (typed pointers, as llvmlite writes them, are read
/// as opaque ones) into \p context and checks it with LLVM's verifier and
/// that it defines \p symbol. Errors: a StringError with the parser's or
/// verifier's message (line:column in the text).
llvm::Expected<std::unique_ptr<llvm::Module>>
parseLinkedIR(llvm::StringRef text, llvm::StringRef symbol, llvm::LLVMContext &context);

/// Inline assembly in \p module that LLVM's code generator would stop the
/// process on, in words: an operand `$N` past the last operand, or a
/// register operand of a type no PTX register holds (i128, a vector);
/// empty if none. parseLinkedIR checks it.
std::string badInlineAsm(const llvm::Module &module);

/// What in \p module only an NVIDIA GPU can run, in words ("PTX inline
/// assembly", "the NVVM intrinsic 'llvm.nvvm.read.ptx.sreg.tid.x'"); empty
/// when the CPU backend can compile it.
std::string gpuOnlyPart(const llvm::Module &module);

/// Links the LLVM IR every function of \p irModule names (Function::linkedIR)
/// into \p module, with its data layout and triple: everything it defines
/// becomes internal (two intrinsics' helpers may share names) and always
/// inlined. Errors: as parseLinkedIR's, or the linker's.
llvm::Error linkIRFunctions(llvm::Module &module, const ir::Module &irModule);

} // namespace pyjit::codegen

#endif
