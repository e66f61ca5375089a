"""cwtui: play, replay and study Coldwater Crown in the terminal."""
