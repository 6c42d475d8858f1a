# SPR/GNR sensitivity copy of ../phaseB_staged.s: every 'vxorps %xmmN,%xmmN,%xmmN' (a zero idiom the LLVM 19 sapphirerapids model does not recognise)
# rewritten as 'vmovaps %ymm16, %ymmN' (ymm16 is never written here: an independent, eliminated move). Model-only; not for the Zen models.
# phase-B loop with neighbour positions staged contiguously per entry: 3 gathers (+index load, 3 vpminud) -> 3 vmovups (hand-edited from phaseB.s; model only)
# source: target/release/deps/cloth_solver-*.s, symbol _ZN12cloth_solver4step12avx2_entries5sweep17h007f062feeee09e7E
# (cloth_solver::step::avx2_entries::sweep, vertex::solve inlined; COLLIDE=false copy)
# LLVM-MCA-BEGIN phaseB_staged
.LBB145_176:
	leaq	7(%r11), %rcx
	movq	%r12, %rdi
	leaq	(,%r12,8), %r12
	cmpq	%r12, %rcx
	jae	.LBB145_173
	incq	%r8
	vmovups	(%r9,%r11,4), %ymm11	# was: vgatherdps	%ymm10, (%r9,%ymm8,4), %ymm11
	vmovups	(%rdx,%r11,4), %ymm12	# was: vgatherdps	%ymm10, (%rdx,%ymm8,4), %ymm12
	vmovups	(%rsi,%r11,4), %ymm8	# was: vgatherdps	%ymm9, (%rsi,%ymm7,4), %ymm8
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
