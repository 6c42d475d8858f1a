# phase-A neighbour loop, strain limit on (W1 path): .LBB145_167 (both halves) -> .LBB145_208
# source: target/release/deps/cloth_solver-*.s, symbol _ZN12cloth_solver4step12avx2_entries5sweep17h007f062feeee09e7E
# (cloth_solver::step::avx2_entries::sweep, vertex::solve inlined; COLLIDE=false copy)
# LLVM-MCA-BEGIN phaseA_w1
.LBB145_167:
	leaq	8(%r12), %r13
	leaq	7(%r12), %rcx
	cmpq	%r11, %rcx
	jae	.LBB145_168
	movq	928(%rsp), %rcx
	leaq	(,%rcx,8), %rcx
	cmpq	%rcx, %r13
	ja	.LBB145_202
	cmpq	$0, 1440(%rsp)
	je	.LBB145_54
	cmpq	$0, 1408(%rsp)
	je	.LBB145_54
	vmovaps	%ymm5, 1024(%rsp)
	vmovaps	%ymm15, 1568(%rsp)
	vmovaps	%ymm6, 992(%rsp)
	vmovdqu	(%rax,%r12,4), %ymm0
	vpminud	896(%rsp), %ymm0, %ymm3
	vbroadcastss	.LCPI145_0(%rip), %ymm5
	vxorps	%xmm4, %xmm4, %xmm4
	vmovaps	%ymm5, %ymm7
	vgatherdps	%ymm7, (%r9,%ymm3,4), %ymm4
	vpminud	1344(%rsp), %ymm0, %ymm3
	vxorps	%xmm7, %xmm7, %xmm7
	vmovaps	%ymm1, 448(%rsp)
	vmovaps	%ymm10, %ymm1
	vmovaps	%ymm8, %ymm6
	vmovaps	%ymm5, %ymm8
	vgatherdps	%ymm8, (%rdx,%ymm3,4), %ymm7
	vpminud	1312(%rsp), %ymm0, %ymm0
	vxorps	%xmm3, %xmm3, %xmm3
	vmovaps	%ymm5, %ymm8
	vgatherdps	%ymm8, (%rsi,%ymm0,4), %ymm3
	vmovaps	384(%rsp), %ymm0
	vsubps	%ymm4, %ymm0, %ymm8
	vmovaps	352(%rsp), %ymm2
	vsubps	%ymm7, %ymm2, %ymm7
	vmovaps	416(%rsp), %ymm2
	vsubps	%ymm3, %ymm2, %ymm0
	vmulps	%ymm8, %ymm8, %ymm3
	vmulps	%ymm7, %ymm7, %ymm4
	vaddps	%ymm4, %ymm3, %ymm3
	vmulps	%ymm0, %ymm0, %ymm4
	vaddps	%ymm4, %ymm3, %ymm3
	vsqrtps	%ymm3, %ymm15
	vcmpgt_oqps	%ymm13, %ymm15, %ymm3
	vbroadcastss	.LCPI145_1(%rip), %ymm2
	vdivps	%ymm15, %ymm2, %ymm4
	vpcmpgtd	%ymm3, %ymm13, %ymm3
	vpand	%ymm4, %ymm3, %ymm14
	vmovaps	%ymm8, 1472(%rsp)
	vmulps	%ymm14, %ymm8, %ymm12
	vmovaps	%ymm7, 1504(%rsp)
	vmulps	%ymm7, %ymm14, %ymm11
	vmovaps	%ymm0, 1536(%rsp)
	vmulps	%ymm0, %ymm14, %ymm7
	vmovups	(%rdi,%r12,4), %ymm3
	vmovdqu	(%r15,%r12,4), %ymm4
	vxorps	%xmm8, %xmm8, %xmm8
	vpminud	1280(%rsp), %ymm4, %ymm13
	vxorps	%xmm2, %xmm2, %xmm2
	vmovaps	%ymm5, %ymm10
	vgatherdps	%ymm10, (%r14,%ymm13,4), %ymm2
	vpminud	1248(%rsp), %ymm4, %ymm10
	vxorps	%xmm13, %xmm13, %xmm13
	vmovaps	%ymm9, %ymm0
	vmovaps	%ymm5, %ymm9
	movq	1376(%rsp), %rcx
	vgatherdps	%ymm9, (%rcx,%ymm10,4), %ymm13
	vmovaps	%ymm3, 960(%rsp)
	vsubps	%ymm3, %ymm15, %ymm9
	vmulps	%ymm2, %ymm9, %ymm9
	vaddps	%ymm13, %ymm9, %ymm9
	vmulps	%ymm9, %ymm12, %ymm10
	vmovaps	288(%rsp), %ymm13
	vsubps	%ymm10, %ymm13, %ymm13
	vmovaps	%ymm13, 288(%rsp)
	vmulps	%ymm9, %ymm11, %ymm10
	vmovaps	256(%rsp), %ymm13
	vsubps	%ymm10, %ymm13, %ymm13
	vmovaps	%ymm13, 256(%rsp)
	vmulps	%ymm7, %ymm9, %ymm10
	vmovaps	224(%rsp), %ymm13
	vsubps	%ymm10, %ymm13, %ymm13
	vmovaps	%ymm13, 224(%rsp)
	vcmpgt_oqps	%ymm8, %ymm9, %ymm10
	vmulps	%ymm9, %ymm14, %ymm9
	vpcmpgtd	%ymm10, %ymm8, %ymm10
	vmovaps	%ymm1, %ymm8
	vmovaps	448(%rsp), %ymm3
	vpand	%ymm9, %ymm10, %ymm9
	vsubps	%ymm9, %ymm2, %ymm2
	vmulps	%ymm2, %ymm12, %ymm10
	vmulps	%ymm10, %ymm12, %ymm13
	vaddps	%ymm13, %ymm9, %ymm13
	vmovaps	192(%rsp), %ymm1
	vaddps	%ymm1, %ymm13, %ymm1
	vmovaps	%ymm1, 192(%rsp)
	vmulps	%ymm10, %ymm11, %ymm13
	vaddps	%ymm6, %ymm13, %ymm6
	vmovaps	%ymm6, 160(%rsp)
	vmulps	%ymm2, %ymm11, %ymm13
	vmulps	%ymm7, %ymm10, %ymm10
	vaddps	%ymm3, %ymm10, %ymm6
	vmulps	%ymm13, %ymm11, %ymm10
	vaddps	%ymm10, %ymm9, %ymm10
	vmovaps	128(%rsp), %ymm1
	vaddps	%ymm1, %ymm10, %ymm1
	vmovaps	%ymm1, 128(%rsp)
	vmulps	%ymm7, %ymm13, %ymm10
	vaddps	%ymm10, %ymm8, %ymm10
	vmulps	%ymm2, %ymm7, %ymm2
	vmulps	%ymm2, %ymm7, %ymm2
	vaddps	%ymm2, %ymm9, %ymm2
	vaddps	%ymm2, %ymm0, %ymm9
	cmpb	$0, 14(%rsp)
	je	.LBB145_207
	cmpq	$0, 1216(%rsp)
	je	.LBB145_54
	cmpq	$0, 1184(%rsp)
	je	.LBB145_54
	vpminud	1088(%rsp), %ymm4, %ymm2
	vmovaps	%ymm9, %ymm0
	vxorps	%xmm9, %xmm9, %xmm9
	vmovaps	%ymm10, %ymm1
	vmovaps	%ymm5, %ymm10
	movq	1120(%rsp), %rcx
	vgatherdps	%ymm10, (%rcx,%ymm2,4), %ymm9
	vmovaps	%ymm1, %ymm10
	vpminud	1056(%rsp), %ymm4, %ymm2
	vpxor	%xmm4, %xmm4, %xmm4
	movq	1152(%rsp), %rcx
	vgatherdps	%ymm5, (%rcx,%ymm2,4), %ymm4
	vmovaps	960(%rsp), %ymm1
	vmulps	1696(%rsp), %ymm1, %ymm2
	vsubps	%ymm2, %ymm15, %ymm2
	vmulps	%ymm2, %ymm9, %ymm2
	vaddps	%ymm4, %ymm2, %ymm2
	vxorps	%xmm13, %xmm13, %xmm13
	vcmplt_oqps	%ymm13, %ymm2, %ymm3
	vpcmpgtd	%ymm3, %ymm13, %ymm3
	vpandn	%ymm2, %ymm3, %ymm2
	vpandn	%ymm9, %ymm3, %ymm3
	vmovaps	%ymm0, %ymm9
	vmulps	%ymm2, %ymm12, %ymm4
	vmovaps	288(%rsp), %ymm0
	vsubps	%ymm4, %ymm0, %ymm0
	vmovaps	%ymm0, 288(%rsp)
	vmulps	%ymm2, %ymm11, %ymm4
	vmovaps	256(%rsp), %ymm0
	vsubps	%ymm4, %ymm0, %ymm0
	vmovaps	%ymm0, 256(%rsp)
	vmulps	%ymm2, %ymm7, %ymm4
	vmovaps	224(%rsp), %ymm0
	vsubps	%ymm4, %ymm0, %ymm0
	vmovaps	%ymm0, 224(%rsp)
	vmulps	%ymm2, %ymm14, %ymm4
	vcmpgt_oqps	%ymm13, %ymm2, %ymm2
	vpcmpgtd	%ymm2, %ymm13, %ymm2
	vpand	%ymm4, %ymm2, %ymm2
	vsubps	%ymm2, %ymm3, %ymm3
	vmulps	%ymm3, %ymm12, %ymm4
	vmulps	%ymm4, %ymm12, %ymm5
	vaddps	%ymm5, %ymm2, %ymm5
	vmovaps	192(%rsp), %ymm0
	vaddps	%ymm5, %ymm0, %ymm0
	vmovaps	%ymm0, 192(%rsp)
	vmulps	%ymm4, %ymm11, %ymm5
	vmovaps	160(%rsp), %ymm8
	vaddps	%ymm5, %ymm8, %ymm8
	vmulps	%ymm4, %ymm7, %ymm4
	vaddps	%ymm4, %ymm6, %ymm1
	vmulps	%ymm3, %ymm11, %ymm4
	vmulps	%ymm4, %ymm11, %ymm5
	vaddps	%ymm5, %ymm2, %ymm5
	vmovaps	128(%rsp), %ymm0
	vaddps	%ymm5, %ymm0, %ymm0
	vmovaps	%ymm0, 128(%rsp)
	vmulps	%ymm4, %ymm7, %ymm4
	vaddps	%ymm4, %ymm10, %ymm10
	vmulps	%ymm3, %ymm7, %ymm3
	vmulps	%ymm3, %ymm7, %ymm3
	vaddps	%ymm3, %ymm2, %ymm2
	vaddps	%ymm2, %ymm9, %ymm9
	jmp	.LBB145_208
.LBB145_208:
	vmovups	(%r10,%r12,4), %ymm2
	vmulps	1472(%rsp), %ymm2, %ymm0
	vmovaps	1024(%rsp), %ymm5
	vsubps	%ymm0, %ymm5, %ymm5
	vmulps	1504(%rsp), %ymm2, %ymm0
	vmovaps	1568(%rsp), %ymm15
	vsubps	%ymm0, %ymm15, %ymm15
	vmulps	1536(%rsp), %ymm2, %ymm0
	vmovaps	992(%rsp), %ymm6
	vsubps	%ymm0, %ymm6, %ymm6
	movq	%r13, %r12
	decq	%rbx
	je	.LBB145_158
# LLVM-MCA-END
