export declare const preparable: RegExp;
