/// The fontconfig rules a hermetic font setup needs, which a machine's `/etc/fonts/conf.d` otherwise
/// gives: without them a font lacking a bold or italic face is not synthesised (90-synthetic.conf), and
/// a colour-bitmap emoji font is drawn at its 109 px strike instead of the text's size
/// (10-scale-bitmap-fonts.conf). Embedded, so that hermetic renders do not depend on the machine.
enum HermeticFontRules {
    static let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix>
                <name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name>
              </matrix></times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
          <match target="font">
            <test name="slant"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name><matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix></times>
            </edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit>
            <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
          </match>
          <match target="font">
            <test name="weight" compare="less_eq"><const>medium</const></test>
            <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
            <edit name="embolden" mode="assign"><bool>true</bool></edit>
            <edit name="weight" mode="assign"><const>bold</const></edit>
          </match>
        </fontconfig>
        """
}
