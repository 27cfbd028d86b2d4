;; SIMD byte-swap kernels behind the Writer's big-endian column writes (see byteswap.ts).
;; byteswap.ts copies a chunk of a typed array to offset 0 of this memory, calls a kernel and
;; copies the swapped bytes out. A kernel works on whole 64-byte blocks covering [0, n): bytes
;; past n in the last block are scratch that is never copied out, so no tail loop is needed.
;; byteswap-wasm.ts holds the assembled bytes; regenerate them after editing this file with
;;   npx -y -p wabt@1.0.39 wat2wasm byteswap.wat -o /tmp/byteswap.wasm && base64 -w0 /tmp/byteswap.wasm
(module
  (memory (export "memory") 1 1)

  ;; Reverses the bytes of every 8-byte word in [0, n rounded up to 64).
  (func (export "swap64") (param $n i32)
    (local $p i32) (local $mask v128)
    (local.set $mask (v128.const i8x16 7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8))
    (block $done
      (loop $block
        (br_if $done (i32.ge_u (local.get $p) (local.get $n)))
        (v128.store offset=0 (local.get $p) (i8x16.swizzle (v128.load offset=0 (local.get $p)) (local.get $mask)))
        (v128.store offset=16 (local.get $p) (i8x16.swizzle (v128.load offset=16 (local.get $p)) (local.get $mask)))
        (v128.store offset=32 (local.get $p) (i8x16.swizzle (v128.load offset=32 (local.get $p)) (local.get $mask)))
        (v128.store offset=48 (local.get $p) (i8x16.swizzle (v128.load offset=48 (local.get $p)) (local.get $mask)))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $block))))

  ;; Reverses the bytes of every 4-byte word in [0, n rounded up to 64).
  (func (export "swap32") (param $n i32)
    (local $p i32) (local $mask v128)
    (local.set $mask (v128.const i8x16 3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12))
    (block $done
      (loop $block
        (br_if $done (i32.ge_u (local.get $p) (local.get $n)))
        (v128.store offset=0 (local.get $p) (i8x16.swizzle (v128.load offset=0 (local.get $p)) (local.get $mask)))
        (v128.store offset=16 (local.get $p) (i8x16.swizzle (v128.load offset=16 (local.get $p)) (local.get $mask)))
        (v128.store offset=32 (local.get $p) (i8x16.swizzle (v128.load offset=32 (local.get $p)) (local.get $mask)))
        (v128.store offset=48 (local.get $p) (i8x16.swizzle (v128.load offset=48 (local.get $p)) (local.get $mask)))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $block))))
)
