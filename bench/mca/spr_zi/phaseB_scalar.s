# SPR/GNR sensitivity copy of ../phaseB_scalar.s: every 'vxorps %xmmN,%xmmN,%xmmN' (a zero idiom the LLVM 19 sapphirerapids model does not recognise)
# rewritten as 'vmovaps %ymm16, %ymmN' (ymm16 is never written here: an independent, eliminated move). Model-only; not for the Zen models.
# phase-B (bend-only) loop, scalar-load gathers: .LBB145_150
# source: probe build with mca/scalar_gather_probe.patch (F32x8::gather = eight clamped scalar loads + _mm256_setr_ps), symbol _ZN12cloth_solver4step12avx2_entries5sweep17h007f062feeee09e7E
# (cloth_solver::step::avx2_entries::sweep, vertex::solve inlined; COLLIDE=false copy). Compiler-generated, not hand-edited.
# LLVM-MCA-BEGIN phaseB_scalar
.LBB145_150:
	movq	192(%rsp), %rax
	addq	$7, %rax
	leaq	(,%r9,8), %rcx
	cmpq	%rcx, %rax
	jae	.LBB145_151
	movq	%r12, 640(%rsp)
	movq	192(%rsp), %rax
	movq	168(%rsp), %r9
	movl	-28(%r9,%rax,4), %r10d
	movl	-24(%r9,%rax,4), %r11d
	movq	176(%rsp), %rcx
	cmpl	%r10d, %ecx
	movl	%r10d, %r8d
	cmovbl	%ecx, %r8d
	cmpl	%r11d, %ecx
	movl	%r11d, %edx
	cmovbl	%ecx, %edx
	movl	-20(%r9,%rax,4), %edi
	cmpl	%edi, %ecx
	movq	%rdi, 80(%rsp)
	cmovbl	%ecx, %edi
	movl	-16(%r9,%rax,4), %ebx
	cmpl	%ebx, %ecx
	movq	%rbx, 608(%rsp)
	cmovbl	%ecx, %ebx
	movl	-12(%r9,%rax,4), %r14d
	cmpl	%r14d, %ecx
	movq	%r14, 576(%rsp)
	cmovbl	%ecx, %r14d
	movl	-8(%r9,%rax,4), %esi
	cmpl	%esi, %ecx
	movq	%rsi, 704(%rsp)
	cmovbl	%ecx, %esi
	movl	-4(%r9,%rax,4), %r12d
	cmpl	%r12d, %ecx
	movq	%r12, 544(%rsp)
	cmovbl	%ecx, %r12d
	movl	(%r9,%rax,4), %r15d
	cmpl	%r15d, %ecx
	movq	%r15, 672(%rsp)
	cmovbl	%ecx, %r15d
	cmpq	$0, 1280(%rsp)
	je	.LBB145_212
	movq	160(%rsp), %r13
	cmpl	%r10d, %r13d
	movq	%r10, 1216(%rsp)
	movl	%r10d, %ecx
	cmovbl	%r13d, %ecx
	cmpl	%r11d, %r13d
	movq	%r11, 1184(%rsp)
	movl	%r11d, %eax
	cmovbl	%r13d, %eax
	movq	80(%rsp), %r9
	cmpl	%r9d, %r13d
	cmovbl	%r13d, %r9d
	movq	608(%rsp), %r10
	cmpl	%r10d, %r13d
	cmovbl	%r13d, %r10d
	movq	576(%rsp), %r11
	cmpl	%r11d, %r13d
	cmovbl	%r13d, %r11d
	movq	%r11, 104(%rsp)
	movq	704(%rsp), %r11
	cmpl	%r11d, %r13d
	cmovbl	%r13d, %r11d
	movq	%r11, 120(%rsp)
	movq	544(%rsp), %r11
	cmpl	%r11d, %r13d
	cmovbl	%r13d, %r11d
	movq	%r11, 112(%rsp)
	movq	672(%rsp), %r11
	cmpl	%r11d, %r13d
	cmovbl	%r13d, %r11d
	cmpq	$0, 1024(%rsp)
	je	.LBB145_212
	movq	1152(%rsp), %r13
	vmovss	(%r13,%r14,4), %xmm0
	vinsertps	$16, (%r13,%rsi,4), %xmm0, %xmm0
	vinsertps	$32, (%r13,%r12,4), %xmm0, %xmm0
	vinsertps	$48, (%r13,%r15,4), %xmm0, %xmm0
	vmovss	(%r13,%r8,4), %xmm2
	vinsertps	$16, (%r13,%rdx,4), %xmm2, %xmm2
	vinsertps	$32, (%r13,%rdi,4), %xmm2, %xmm2
	vinsertps	$48, (%r13,%rbx,4), %xmm2, %xmm7
	movq	640(%rsp), %r12
	incq	%r12
	movq	144(%rsp), %rsi
	movq	1216(%rsp), %rdi
	cmpl	%edi, %esi
	cmovbl	%esi, %edi
	movq	96(%rsp), %rdx
	vmovaps	%ymm8, %ymm5
	vmovss	(%rdx,%rcx,4), %xmm8
	movq	1184(%rsp), %rcx
	cmpl	%ecx, %esi
	cmovbl	%esi, %ecx
	vmovss	(%rdx,%rax,4), %xmm3
	movq	80(%rsp), %r8
	cmpl	%r8d, %esi
	cmovbl	%esi, %r8d
	vmovss	(%rdx,%r9,4), %xmm4
	movq	608(%rsp), %r9
	cmpl	%r9d, %esi
	cmovbl	%esi, %r9d
	vmovss	(%rdx,%r10,4), %xmm2
	movq	576(%rsp), %r10
	cmpl	%r10d, %esi
	cmovbl	%esi, %r10d
	movq	104(%rsp), %rax
	vmovss	(%rdx,%rax,4), %xmm9
	movq	%r11, %rbx
	movq	704(%rsp), %r11
	cmpl	%r11d, %esi
	cmovbl	%esi, %r11d
	movq	136(%rsp), %rax
	vmovss	(%rax,%r10,4), %xmm10
	vinsertps	$16, (%rax,%r11,4), %xmm10, %xmm10
	movq	544(%rsp), %r10
	cmpl	%r10d, %esi
	cmovbl	%esi, %r10d
	vinsertps	$32, (%rax,%r10,4), %xmm10, %xmm10
	movq	120(%rsp), %r10
	vmovss	(%rdx,%r10,4), %xmm11
	movq	672(%rsp), %r10
	cmpl	%r10d, %esi
	cmovbl	%esi, %r10d
	movq	112(%rsp), %rsi
	vmovss	(%rdx,%rsi,4), %xmm12
	vinsertps	$48, (%rax,%r10,4), %xmm10, %xmm10
	vmovss	(%rax,%rdi,4), %xmm13
	vinsertps	$16, (%rax,%rcx,4), %xmm13, %xmm13
	vinsertps	$32, (%rax,%r8,4), %xmm13, %xmm13
	vmovss	(%rdx,%rbx,4), %xmm14
	vinsertps	$48, (%rax,%r9,4), %xmm13, %xmm13
	vinsertf128	$1, %xmm0, %ymm7, %ymm0
	vmovaps	448(%rsp), %ymm7
	vinsertps	$16, %xmm3, %xmm8, %xmm3
	vinsertps	$32, %xmm4, %xmm3, %xmm3
	vinsertps	$48, %xmm2, %xmm3, %xmm2
	vinsertps	$16, %xmm11, %xmm9, %xmm3
	vinsertps	$32, %xmm12, %xmm3, %xmm3
	vinsertps	$48, %xmm14, %xmm3, %xmm3
	vinsertf128	$1, %xmm3, %ymm2, %ymm2
	vinsertf128	$1, %xmm10, %ymm13, %ymm3
	vmovaps	1056(%rsp), %ymm4
	vsubps	%ymm0, %ymm4, %ymm0
	vmovaps	1088(%rsp), %ymm4
	vsubps	%ymm2, %ymm4, %ymm2
	vmovaps	1312(%rsp), %ymm4
	vsubps	%ymm3, %ymm4, %ymm3
	movq	248(%rsp), %rax
	movq	192(%rsp), %rcx
	vmovups	(%rax,%rcx,4), %ymm4
	vmulps	%ymm4, %ymm0, %ymm0
	vsubps	%ymm0, %ymm5, %ymm8
	vmulps	%ymm4, %ymm2, %ymm0
	vsubps	%ymm0, %ymm1, %ymm1
	vmulps	%ymm3, %ymm4, %ymm0
	vsubps	%ymm0, %ymm15, %ymm15
	addq	$8, %rcx
	movq	%rcx, 192(%rsp)
	movq	152(%rsp), %r9
	cmpq	%r9, %r12
	jb	.LBB145_150
# LLVM-MCA-END
