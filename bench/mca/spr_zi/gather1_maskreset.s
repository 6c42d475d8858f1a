# SPR/GNR sensitivity copy of ../gather1_maskreset.s: every 'vxorps %xmmN,%xmmN,%xmmN' (a zero idiom the LLVM 19 sapphirerapids model does not recognise)
# rewritten as 'vmovaps %ymm16, %ymmN' (ymm16 is never written here: an independent, eliminated move). Model-only; not for the Zen models.
# one vgatherdps ymm with the mask re-set and destination zeroed before it, as the compiled loop does
# LLVM-MCA-BEGIN gather1_maskreset
	vmovaps	%ymm5, %ymm7
	vmovaps	%ymm16, %ymm4	# was vxorps zero idiom
	vgatherdps	%ymm7, (%r9,%ymm3,4), %ymm4
# LLVM-MCA-END
