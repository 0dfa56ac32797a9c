module earlyinit.loopscope/displaycheck

go 1.26
