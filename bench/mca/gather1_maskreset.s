# one vgatherdps ymm with the mask re-set and destination zeroed before it, as the compiled loop does
# LLVM-MCA-BEGIN gather1_maskreset
	vmovaps	%ymm5, %ymm7
	vxorps	%xmm4, %xmm4, %xmm4
	vgatherdps	%ymm7, (%r9,%ymm3,4), %ymm4
# LLVM-MCA-END
