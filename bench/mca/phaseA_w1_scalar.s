# phase-A loop, scalar-load gathers, strain limit on (W1 path): .LBB145_155 (both halves) -> .LBB145_195
# source: probe build with mca/scalar_gather_probe.patch (F32x8::gather = eight clamped scalar loads + _mm256_setr_ps), symbol _ZN12cloth_solver4step12avx2_entries5sweep17h007f062feeee09e7E
# (cloth_solver::step::avx2_entries::sweep, vertex::solve inlined; COLLIDE=false copy). Compiler-generated, not hand-edited.
# LLVM-MCA-BEGIN phaseA_w1_scalar
.LBB145_155:
	leaq	8(%rdi), %rsi
	leaq	7(%rdi), %rax
	cmpq	192(%rsp), %rax
	jae	.LBB145_156
	leaq	(,%r9,8), %rax
	cmpq	%rax, %rsi
	ja	.LBB145_223
	movq	%rcx, 112(%rsp)
	movq	304(%rsp), %rdx
	movl	-28(%rdx,%rdi,4), %ecx
	movl	-24(%rdx,%rdi,4), %r13d
	movq	440(%rsp), %rax
	cmpl	%ecx, %eax
	movl	%ecx, %r8d
	cmovbl	%eax, %r8d
	movq	%r8, 448(%rsp)
	cmpl	%r13d, %eax
	movl	%r13d, %r8d
	cmovbl	%eax, %r8d
	movq	%r8, 704(%rsp)
	movl	-20(%rdx,%rdi,4), %r15d
	cmpl	%r15d, %eax
	movl	%r15d, %r8d
	cmovbl	%eax, %r8d
	movq	%r8, 672(%rsp)
	movl	-16(%rdx,%rdi,4), %r9d
	cmpl	%r9d, %eax
	movl	%r9d, %r8d
	cmovbl	%eax, %r8d
	movq	%r8, 544(%rsp)
	movl	-12(%rdx,%rdi,4), %r8d
	cmpl	%r8d, %eax
	movl	%r8d, %r10d
	cmovbl	%eax, %r10d
	movq	%r10, 1216(%rsp)
	movl	-8(%rdx,%rdi,4), %r14d
	cmpl	%r14d, %eax
	movl	%r14d, %r10d
	cmovbl	%eax, %r10d
	movq	%r10, 1184(%rsp)
	movl	-4(%rdx,%rdi,4), %r10d
	cmpl	%r10d, %eax
	movl	%r10d, %ebx
	cmovbl	%eax, %ebx
	movq	%rbx, 120(%rsp)
	movl	(%rdx,%rdi,4), %ebx
	cmpl	%ebx, %eax
	movl	%ebx, %edx
	cmovbl	%eax, %edx
	cmpq	$0, 1280(%rsp)
	je	.LBB145_212
	movq	%rsi, 1120(%rsp)
	movq	432(%rsp), %r11
	cmpl	%ecx, %r11d
	movl	%ecx, %eax
	cmovbl	%r11d, %eax
	movq	%rax, 176(%rsp)
	cmpl	%r13d, %r11d
	movl	%r13d, %eax
	cmovbl	%r11d, %eax
	movq	%rax, 168(%rsp)
	cmpl	%r15d, %r11d
	movl	%r15d, %eax
	cmovbl	%r11d, %eax
	movq	%rax, 160(%rsp)
	cmpl	%r9d, %r11d
	movl	%r9d, %eax
	cmovbl	%r11d, %eax
	movq	%rax, 144(%rsp)
	cmpl	%r8d, %r11d
	movl	%r8d, %r12d
	cmovbl	%r11d, %r12d
	cmpl	%r14d, %r11d
	movq	%r13, %rax
	movl	%r14d, %r13d
	cmovbl	%r11d, %r13d
	cmpl	%r10d, %r11d
	movl	%r10d, %esi
	cmovbl	%r11d, %esi
	movq	%rsi, 104(%rsp)
	cmpl	%ebx, %r11d
	movl	%ebx, %esi
	cmovbl	%r11d, %esi
	cmpq	$0, 1024(%rsp)
	je	.LBB145_212
	movq	912(%rsp), %r11
	cmpl	%ecx, %r11d
	cmovbl	%r11d, %ecx
	cmpl	%eax, %r11d
	cmovbl	%r11d, %eax
	movq	%rax, 312(%rsp)
	cmpl	%r15d, %r11d
	cmovbl	%r11d, %r15d
	cmpl	%r9d, %r11d
	cmovbl	%r11d, %r9d
	cmpl	%r8d, %r11d
	cmovbl	%r11d, %r8d
	cmpl	%r14d, %r11d
	cmovbl	%r11d, %r14d
	cmpl	%r10d, %r11d
	cmovbl	%r11d, %r10d
	cmpl	%ebx, %r11d
	cmovbl	%r11d, %ebx
	cmpq	$0, 904(%rsp)
	je	.LBB145_212
	movq	%rsi, 976(%rsp)
	movq	%r15, 984(%rsp)
	movq	%rcx, 992(%rsp)
	movq	880(%rsp), %rsi
	movl	-28(%rsi,%rdi,4), %eax
	movl	-24(%rsi,%rdi,4), %ecx
	movq	896(%rsp), %r11
	cmpl	%eax, %r11d
	movq	%rax, 1016(%rsp)
	cmovbl	%r11d, %eax
	movq	%rax, 952(%rsp)
	cmpl	%ecx, %r11d
	movl	%ecx, %eax
	cmovbl	%r11d, %eax
	movq	%rax, 944(%rsp)
	movl	-20(%rsi,%rdi,4), %eax
	cmpl	%eax, %r11d
	movq	%rax, 576(%rsp)
	cmovbl	%r11d, %eax
	movq	%rax, 936(%rsp)
	movl	-16(%rsi,%rdi,4), %eax
	cmpl	%eax, %r11d
	movq	%rax, 608(%rsp)
	cmovbl	%r11d, %eax
	movq	%rax, 928(%rsp)
	movl	-12(%rsi,%rdi,4), %eax
	cmpl	%eax, %r11d
	movq	%rax, 1000(%rsp)
	cmovbl	%r11d, %eax
	movq	%rax, 920(%rsp)
	movl	-8(%rsi,%rdi,4), %eax
	cmpl	%eax, %r11d
	movq	%rax, 1008(%rsp)
	cmovbl	%r11d, %eax
	movq	%rax, 968(%rsp)
	movl	-4(%rsi,%rdi,4), %eax
	cmpl	%eax, %r11d
	movl	%eax, %r15d
	cmovbl	%r11d, %r15d
	movq	%r15, 960(%rsp)
	movq	%rdi, 80(%rsp)
	movl	(%rsi,%rdi,4), %esi
	cmpl	%esi, %r11d
	movl	%esi, %r15d
	cmovbl	%r11d, %r15d
	cmpq	$0, 888(%rsp)
	je	.LBB145_212
	vmovaps	%ymm8, 1664(%rsp)
	vmovaps	%ymm1, 1696(%rsp)
	vmovaps	%ymm15, 1728(%rsp)
	movq	1152(%rsp), %r11
	movq	1216(%rsp), %rdi
	vmovss	(%r11,%rdi,4), %xmm0
	movq	1184(%rsp), %rdi
	vinsertps	$16, (%r11,%rdi,4), %xmm0, %xmm0
	movq	120(%rsp), %rdi
	vinsertps	$32, (%r11,%rdi,4), %xmm0, %xmm0
	vinsertps	$48, (%r11,%rdx,4), %xmm0, %xmm0
	movq	448(%rsp), %rdx
	vmovss	(%r11,%rdx,4), %xmm2
	movq	704(%rsp), %rdx
	vinsertps	$16, (%r11,%rdx,4), %xmm2, %xmm2
	movq	672(%rsp), %rdx
	vinsertps	$32, (%r11,%rdx,4), %xmm2, %xmm2
	movq	544(%rsp), %rdx
	vinsertps	$48, (%r11,%rdx,4), %xmm2, %xmm8
	movq	96(%rsp), %rdi
	movq	176(%rsp), %rdx
	vmovss	(%rdi,%rdx,4), %xmm9
	movq	168(%rsp), %rdx
	vmovss	(%rdi,%rdx,4), %xmm14
	movq	160(%rsp), %rdx
	vmovss	(%rdi,%rdx,4), %xmm11
	movq	144(%rsp), %rdx
	vmovss	(%rdi,%rdx,4), %xmm10
	vmovaps	%ymm7, 448(%rsp)
	vmovss	(%rdi,%r12,4), %xmm7
	vmovss	(%rdi,%r13,4), %xmm12
	movq	576(%rsp), %r13
	movq	1000(%rsp), %r11
	movq	%rax, 672(%rsp)
	movq	136(%rsp), %rax
	vmovss	(%rax,%r8,4), %xmm2
	vinsertps	$16, (%rax,%r14,4), %xmm2, %xmm2
	vinsertps	$32, (%rax,%r10,4), %xmm2, %xmm2
	movq	104(%rsp), %rdx
	vmovss	(%rdi,%rdx,4), %xmm15
	vinsertps	$48, (%rax,%rbx,4), %xmm2, %xmm3
	movq	992(%rsp), %rdx
	vmovss	(%rax,%rdx,4), %xmm2
	movq	312(%rsp), %rdx
	vinsertps	$16, (%rax,%rdx,4), %xmm2, %xmm2
	movq	984(%rsp), %rdx
	vinsertps	$32, (%rax,%rdx,4), %xmm2, %xmm2
	movq	976(%rsp), %rdx
	vmovss	(%rdi,%rdx,4), %xmm13
	movq	%rcx, %r8
	vinsertps	$48, (%rax,%r9,4), %xmm2, %xmm4
	movq	856(%rsp), %rax
	movq	952(%rsp), %rcx
	vmovss	(%rax,%rcx,4), %xmm2
	vinsertf128	$1, %xmm0, %ymm8, %ymm0
	movq	944(%rsp), %rcx
	vmovss	(%rax,%rcx,4), %xmm8
	vinsertps	$16, %xmm14, %xmm9, %xmm9
	movq	936(%rsp), %rcx
	vmovss	(%rax,%rcx,4), %xmm14
	vinsertps	$32, %xmm11, %xmm9, %xmm9
	vmovaps	%ymm6, 704(%rsp)
	vmovaps	%ymm5, %ymm6
	movq	928(%rsp), %rcx
	vmovss	(%rax,%rcx,4), %xmm5
	vinsertps	$48, %xmm10, %xmm9, %xmm9
	movq	920(%rsp), %rcx
	vmovss	(%rax,%rcx,4), %xmm10
	vinsertps	$16, %xmm12, %xmm7, %xmm7
	vinsertps	$32, %xmm15, %xmm7, %xmm7
	vinsertps	$48, %xmm13, %xmm7, %xmm7
	vinsertf128	$1, %xmm7, %ymm9, %ymm7
	vinsertf128	$1, %xmm3, %ymm4, %ymm3
	vmovaps	1056(%rsp), %ymm4
	vsubps	%ymm0, %ymm4, %ymm1
	vmovaps	1088(%rsp), %ymm0
	vsubps	%ymm7, %ymm0, %ymm9
	vmovaps	1312(%rsp), %ymm0
	vsubps	%ymm3, %ymm0, %ymm13
	vmulps	%ymm1, %ymm1, %ymm0
	vmulps	%ymm9, %ymm9, %ymm3
	vaddps	%ymm3, %ymm0, %ymm0
	vmulps	%ymm13, %ymm13, %ymm3
	vaddps	%ymm3, %ymm0, %ymm0
	vsqrtps	%ymm0, %ymm11
	movq	968(%rsp), %rcx
	vmovss	(%rax,%rcx,4), %xmm3
	vbroadcastss	.LCPI145_0(%rip), %ymm0
	vdivps	%ymm11, %ymm0, %ymm0
	movq	960(%rsp), %rcx
	vmovss	(%rax,%rcx,4), %xmm12
	vxorps	%xmm7, %xmm7, %xmm7
	vcmpgt_oqps	%ymm7, %ymm11, %ymm4
	vpcmpgtd	%ymm4, %ymm7, %ymm4
	vpand	%ymm0, %ymm4, %ymm0
	vinsertps	$16, %xmm8, %xmm2, %xmm2
	vinsertps	$32, %xmm14, %xmm2, %xmm2
	vinsertps	$48, %xmm5, %xmm2, %xmm4
	vinsertps	$16, %xmm3, %xmm10, %xmm2
	vinsertps	$32, %xmm12, %xmm2, %xmm2
	vmovss	(%rax,%r15,4), %xmm5
	movq	864(%rsp), %rcx
	movq	1016(%rsp), %r12
	cmpl	%r12d, %ecx
	movl	%r12d, %eax
	cmovbl	%ecx, %eax
	movq	848(%rsp), %rdx
	vmovss	(%rdx,%rax,4), %xmm12
	cmpl	%r8d, %ecx
	movl	%r8d, %eax
	cmovbl	%ecx, %eax
	vmovss	(%rdx,%rax,4), %xmm3
	cmpl	%r13d, %ecx
	movl	%r13d, %eax
	cmovbl	%ecx, %eax
	vinsertps	$48, %xmm5, %xmm2, %xmm5
	vmovss	(%rdx,%rax,4), %xmm15
	movq	608(%rsp), %r15
	cmpl	%r15d, %ecx
	movl	%r15d, %eax
	cmovbl	%ecx, %eax
	vmovss	(%rdx,%rax,4), %xmm2
	movq	%r11, %r9
	cmpl	%r9d, %ecx
	movl	%r9d, %eax
	cmovbl	%ecx, %eax
	vmovss	(%rdx,%rax,4), %xmm8
	movq	1008(%rsp), %r11
	cmpl	%r11d, %ecx
	movl	%r11d, %eax
	cmovbl	%ecx, %eax
	vinsertf128	$1, %xmm5, %ymm4, %ymm4
	vmovss	(%rdx,%rax,4), %xmm5
	movq	672(%rsp), %rdi
	cmpl	%edi, %ecx
	movl	%edi, %eax
	cmovbl	%ecx, %eax
	vmovss	(%rdx,%rax,4), %xmm10
	cmpl	%esi, %ecx
	movl	%esi, %eax
	cmovbl	%ecx, %eax
	vinsertps	$16, %xmm5, %xmm8, %xmm5
	vmovss	(%rdx,%rax,4), %xmm8
	vinsertps	$32, %xmm10, %xmm5, %xmm5
	vmovaps	%ymm1, 1184(%rsp)
	vmulps	%ymm0, %ymm1, %ymm14
	vinsertps	$48, %xmm8, %xmm5, %xmm5
	vmovaps	%ymm9, 1216(%rsp)
	vmulps	%ymm0, %ymm9, %ymm10
	vinsertps	$16, %xmm3, %xmm12, %xmm3
	vmovaps	%ymm13, 544(%rsp)
	vmulps	%ymm0, %ymm13, %ymm12
	vinsertps	$32, %xmm15, %xmm3, %xmm3
	movq	872(%rsp), %rax
	movq	80(%rsp), %rdx
	vmovups	(%rax,%rdx,4), %ymm15
	vinsertps	$48, %xmm2, %xmm3, %xmm2
	vinsertf128	$1, %xmm5, %ymm2, %ymm2
	vsubps	%ymm15, %ymm11, %ymm3
	vmulps	%ymm4, %ymm3, %ymm3
	vaddps	%ymm2, %ymm3, %ymm2
	vmulps	%ymm2, %ymm14, %ymm3
	vmovaps	736(%rsp), %ymm5
	vsubps	%ymm3, %ymm5, %ymm5
	vmovaps	%ymm5, 736(%rsp)
	vmulps	%ymm2, %ymm10, %ymm3
	vmovaps	352(%rsp), %ymm5
	vsubps	%ymm3, %ymm5, %ymm5
	vmovaps	%ymm5, 352(%rsp)
	vmulps	%ymm2, %ymm12, %ymm3
	vmovaps	320(%rsp), %ymm5
	vsubps	%ymm3, %ymm5, %ymm5
	vmovaps	%ymm5, 320(%rsp)
	vcmpgt_oqps	%ymm7, %ymm2, %ymm3
	vmulps	%ymm2, %ymm0, %ymm2
	vpcmpgtd	%ymm3, %ymm7, %ymm3
	vmovaps	448(%rsp), %ymm7
	vpand	%ymm2, %ymm3, %ymm2
	vsubps	%ymm2, %ymm4, %ymm3
	vmulps	%ymm3, %ymm14, %ymm4
	vmulps	%ymm4, %ymm14, %ymm5
	vaddps	%ymm5, %ymm2, %ymm5
	vmovaps	480(%rsp), %ymm8
	vaddps	%ymm5, %ymm8, %ymm8
	vmovaps	%ymm8, 480(%rsp)
	vmulps	%ymm4, %ymm10, %ymm5
	vaddps	%ymm5, %ymm7, %ymm7
	vmulps	%ymm3, %ymm10, %ymm5
	vmulps	%ymm4, %ymm12, %ymm4
	vmovaps	256(%rsp), %ymm8
	vaddps	%ymm4, %ymm8, %ymm8
	vmovaps	%ymm8, 256(%rsp)
	vmulps	%ymm5, %ymm10, %ymm4
	vaddps	%ymm4, %ymm2, %ymm4
	vmovaps	512(%rsp), %ymm8
	vaddps	%ymm4, %ymm8, %ymm8
	vmovaps	%ymm8, 512(%rsp)
	vmulps	%ymm5, %ymm12, %ymm4
	vmovaps	%ymm6, %ymm5
	vmovaps	704(%rsp), %ymm6
	vaddps	%ymm4, %ymm5, %ymm5
	vmulps	%ymm3, %ymm12, %ymm3
	vmulps	%ymm3, %ymm12, %ymm3
	vaddps	%ymm3, %ymm2, %ymm2
	vaddps	%ymm2, %ymm6, %ymm6
	cmpb	$0, 63(%rsp)
	je	.LBB145_194
	cmpq	$0, 416(%rsp)
	je	.LBB145_212
	movq	832(%rsp), %rbx
	cmpl	%r12d, %ebx
	movl	%r12d, %edx
	cmovbl	%ebx, %edx
	cmpl	%r8d, %ebx
	movq	%r9, %r14
	movq	%r8, 840(%rsp)
	cmovbl	%ebx, %r8d
	cmpl	%r13d, %ebx
	movq	%r13, %r9
	cmovbl	%ebx, %r9d
	cmpl	%r15d, %ebx
	movq	%r15, %r10
	cmovbl	%ebx, %r10d
	cmpl	%r14d, %ebx
	movq	%rdi, %r13
	movq	%rsi, %r15
	movl	%r14d, %esi
	cmovbl	%ebx, %esi
	cmpl	%r11d, %ebx
	movl	%r11d, %edi
	cmovbl	%ebx, %edi
	cmpl	%r13d, %ebx
	movl	%r13d, %ecx
	cmovbl	%ebx, %ecx
	cmpl	%r15d, %ebx
	movl	%r15d, %eax
	cmovbl	%ebx, %eax
	cmpq	$0, 824(%rsp)
	je	.LBB145_212
	movq	808(%rsp), %rbx
	vmovss	(%rbx,%rdx,4), %xmm2
	vmovss	(%rbx,%r8,4), %xmm3
	vmovss	(%rbx,%r9,4), %xmm4
	vmovaps	%ymm6, %ymm1
	vmovaps	%ymm5, %ymm6
	vmovss	(%rbx,%r10,4), %xmm5
	vinsertps	$16, %xmm3, %xmm2, %xmm2
	vmovss	(%rbx,%rsi,4), %xmm3
	vinsertps	$32, %xmm4, %xmm2, %xmm2
	vmovss	(%rbx,%rdi,4), %xmm8
	vinsertps	$48, %xmm5, %xmm2, %xmm4
	vmovss	(%rbx,%rcx,4), %xmm2
	vinsertps	$16, %xmm8, %xmm3, %xmm3
	vmovss	(%rbx,%rax,4), %xmm5
	movq	816(%rsp), %rax
	cmpl	%r12d, %eax
	cmovbl	%eax, %r12d
	vinsertps	$32, %xmm2, %xmm3, %xmm2
	movq	840(%rsp), %rdi
	cmpl	%edi, %eax
	cmovbl	%eax, %edi
	movq	800(%rsp), %rcx
	vmovss	(%rcx,%r12,4), %xmm3
	movq	576(%rsp), %rdx
	cmpl	%edx, %eax
	cmovbl	%eax, %edx
	vinsertps	$48, %xmm5, %xmm2, %xmm2
	movq	608(%rsp), %rsi
	cmpl	%esi, %eax
	cmovbl	%eax, %esi
	cmpl	%r14d, %eax
	cmovbl	%eax, %r14d
	vmovss	(%rcx,%r14,4), %xmm5
	vinsertf128	$1, %xmm2, %ymm4, %ymm4
	cmpl	%r11d, %eax
	cmovbl	%eax, %r11d
	vmovss	(%rcx,%r11,4), %xmm2
	cmpl	%r13d, %eax
	cmovbl	%eax, %r13d
	cmpl	%r15d, %eax
	cmovbl	%eax, %r15d
	vinsertps	$16, %xmm2, %xmm5, %xmm2
	vmovss	(%rcx,%r13,4), %xmm5
	vinsertps	$32, %xmm5, %xmm2, %xmm2
	vmovss	(%rcx,%r15,4), %xmm5
	vinsertps	$48, %xmm5, %xmm2, %xmm2
	vmovss	(%rcx,%rdi,4), %xmm5
	vinsertps	$16, %xmm5, %xmm3, %xmm3
	vmovss	(%rcx,%rdx,4), %xmm5
	vinsertps	$32, %xmm5, %xmm3, %xmm3
	vmovss	(%rcx,%rsi,4), %xmm5
	vinsertps	$48, %xmm5, %xmm3, %xmm3
	vinsertf128	$1, %xmm2, %ymm3, %ymm2
	vmulps	1856(%rsp), %ymm15, %ymm3
	vsubps	%ymm3, %ymm11, %ymm3
	vmulps	%ymm4, %ymm3, %ymm3
	vaddps	%ymm2, %ymm3, %ymm2
	vxorps	%xmm5, %xmm5, %xmm5
	vcmplt_oqps	%ymm5, %ymm2, %ymm3
	vpcmpgtd	%ymm3, %ymm5, %ymm3
	vpandn	%ymm2, %ymm3, %ymm2
	vpandn	%ymm4, %ymm3, %ymm3
	vmulps	%ymm2, %ymm14, %ymm4
	vmovaps	736(%rsp), %ymm8
	vsubps	%ymm4, %ymm8, %ymm8
	vmovaps	%ymm8, 736(%rsp)
	vmulps	%ymm2, %ymm10, %ymm4
	vmovaps	352(%rsp), %ymm8
	vsubps	%ymm4, %ymm8, %ymm8
	vmovaps	%ymm8, 352(%rsp)
	vmulps	%ymm2, %ymm12, %ymm4
	vmovaps	320(%rsp), %ymm8
	vsubps	%ymm4, %ymm8, %ymm8
	vmovaps	%ymm8, 320(%rsp)
	vmulps	%ymm2, %ymm0, %ymm0
	vcmpgt_oqps	%ymm5, %ymm2, %ymm2
	vpcmpgtd	%ymm2, %ymm5, %ymm2
	vmovaps	%ymm6, %ymm5
	vmovaps	%ymm1, %ymm6
	vpand	%ymm0, %ymm2, %ymm0
	vsubps	%ymm0, %ymm3, %ymm2
	vmulps	%ymm2, %ymm14, %ymm3
	vmulps	%ymm3, %ymm14, %ymm4
	vaddps	%ymm4, %ymm0, %ymm4
	vmovaps	480(%rsp), %ymm1
	vaddps	%ymm4, %ymm1, %ymm1
	vmovaps	%ymm1, 480(%rsp)
	vmulps	%ymm3, %ymm10, %ymm4
	vaddps	%ymm4, %ymm7, %ymm7
	vmulps	%ymm3, %ymm12, %ymm3
	vmovaps	256(%rsp), %ymm4
	vaddps	%ymm3, %ymm4, %ymm4
	vmovaps	%ymm4, 256(%rsp)
	vmulps	%ymm2, %ymm10, %ymm3
	vmulps	%ymm3, %ymm10, %ymm4
	vaddps	%ymm4, %ymm0, %ymm4
	vmovaps	512(%rsp), %ymm1
	vaddps	%ymm4, %ymm1, %ymm1
	vmovaps	%ymm1, 512(%rsp)
	vmulps	%ymm3, %ymm12, %ymm3
	vaddps	%ymm3, %ymm5, %ymm5
	vmulps	%ymm2, %ymm12, %ymm2
	vmulps	%ymm2, %ymm12, %ymm2
	vaddps	%ymm2, %ymm0, %ymm0
	vaddps	%ymm0, %ymm6, %ymm6
	movq	152(%rsp), %r9
	vmovaps	1696(%rsp), %ymm1
	vmovaps	1664(%rsp), %ymm8
	movq	112(%rsp), %rcx
	movq	424(%rsp), %r11
	movq	640(%rsp), %r12
	movq	1120(%rsp), %rdi
	movq	80(%rsp), %rdx
	jmp	.LBB145_195
.LBB145_195:
	movq	248(%rsp), %rax
	vmovups	(%rax,%rdx,4), %ymm0
	vmulps	1184(%rsp), %ymm0, %ymm2
	vsubps	%ymm2, %ymm8, %ymm8
	vmulps	1216(%rsp), %ymm0, %ymm2
	vsubps	%ymm2, %ymm1, %ymm1
	vmulps	544(%rsp), %ymm0, %ymm0
	vmovaps	1728(%rsp), %ymm15
	vsubps	%ymm0, %ymm15, %ymm15
	decq	%rcx
	je	.LBB145_148
# LLVM-MCA-END
