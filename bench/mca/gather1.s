# one vgatherdps ymm, as the phase-A loop has it (mask ymm7, index ymm3, base r9)
# LLVM-MCA-BEGIN gather1
	vgatherdps	%ymm7, (%r9,%ymm3,4), %ymm4
# LLVM-MCA-END
