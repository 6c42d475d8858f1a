# SPR/GNR sensitivity copy of ../phaseB.s: every 'vxorps %xmmN,%xmmN,%xmmN' (a zero idiom the LLVM 19 sapphirerapids model does not recognise)
# rewritten as 'vmovaps %ymm16, %ymmN' (ymm16 is never written here: an independent, eliminated move). Model-only; not for the Zen models.
# phase-B (bend-only) neighbour loop: .LBB145_176
# source: target/release/deps/cloth_solver-*.s, symbol _ZN12cloth_solver4step12avx2_entries5sweep17h007f062feeee09e7E
# (cloth_solver::step::avx2_entries::sweep, vertex::solve inlined; COLLIDE=false copy)
# LLVM-MCA-BEGIN phaseB
.LBB145_176:
	leaq	7(%r11), %rcx
	movq	%r12, %rdi
	leaq	(,%r12,8), %r12
	cmpq	%r12, %rcx
	jae	.LBB145_173
	incq	%r8
	vmovdqu	(%rax,%r11,4), %ymm7
	vpminud	%ymm0, %ymm7, %ymm8
	vbroadcastss	.LCPI145_0(%rip), %ymm9
	vmovaps	%ymm9, %ymm10
	vmovaps	%ymm16, %ymm11	# was vxorps zero idiom
	vgatherdps	%ymm10, (%r9,%ymm8,4), %ymm11
	vpminud	%ymm3, %ymm7, %ymm8
	vmovaps	%ymm9, %ymm10
	vmovaps	%ymm16, %ymm12	# was vxorps zero idiom
	vgatherdps	%ymm10, (%rdx,%ymm8,4), %ymm12
	vpminud	%ymm4, %ymm7, %ymm7
	vmovaps	%ymm16, %ymm8	# was vxorps zero idiom
	vgatherdps	%ymm9, (%rsi,%ymm7,4), %ymm8
	vmovaps	384(%rsp), %ymm2
	vsubps	%ymm11, %ymm2, %ymm7
	vmovaps	352(%rsp), %ymm2
	vsubps	%ymm12, %ymm2, %ymm9
	vmovaps	416(%rsp), %ymm2
	vsubps	%ymm8, %ymm2, %ymm8
	vmovups	(%r10,%r11,4), %ymm10
	vmulps	%ymm7, %ymm10, %ymm7
	vsubps	%ymm7, %ymm5, %ymm5
	vmulps	%ymm10, %ymm9, %ymm7
	vsubps	%ymm7, %ymm15, %ymm15
	vmulps	%ymm10, %ymm8, %ymm7
	vsubps	%ymm7, %ymm6, %ymm6
	addq	$8, %r11
	cmpq	%rdi, %r8
	movq	%rdi, %r12
	jb	.LBB145_176
# LLVM-MCA-END
