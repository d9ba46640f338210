import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Button, Flex, Slider } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import AppDialog from '../../../components/AppDialog';
import { checkAvatarFile } from '../rules';
import { cropToPng, type PixelArea } from './avatar';
import '../i18n';

export interface AvatarCropperProps {
  open: boolean;
  /** The current avatar, shown until a new image is chosen. */
  current?: string;
  onClose: () => void;
  /** Uploads the cropped PNG; resolves when done. */
  onUpload: (image: Blob) => Promise<void>;
  /** Replaceable in tests (jsdom has no canvas). */
  crop?: (src: string, area: PixelArea) => Promise<Blob>;
}

/** Choose an image (PNG or JPEG, at most 2 MB), crop a square, upload it. */
export default function AvatarCropper({ open, current, onClose, onUpload, crop = cropToPng }: AvatarCropperProps) {
  const { t } = useTranslation();
  const [source, setSource] = useState<string | undefined>();
  const [position, setPosition] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | undefined>();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      showMessage('error', t(problem === 'type' ? 'profile.avatarType' : 'profile.avatarSize'));
      return;
    }
    setSource(URL.createObjectURL(file));
    setZoom(1);
    setPosition({ x: 0, y: 0 });
  };

  const upload = async () => {
    if (!source || !area) {
      showMessage('warning', t('profile.avatarChoose'));
      return;
    }
    setUploading(true);
    try {
      await onUpload(await crop(source, area));
      setSource(undefined);
      onClose();
    } catch {
      // the client showed why
    } finally {
      setUploading(false);
    }
  };

  return (
    <AppDialog
      title={t('profile.avatarTitle')}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg"
            aria-label={t('profile.avatarFile')}
            onChange={choose}
            hidden
          />
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => fileInput.current?.click()}>
            {t('profile.avatarSelect')}
          </Button>
          <Button type="primary" loading={uploading} disabled={!source} onClick={() => void upload()}>
            {t('profile.avatarUpload')}
          </Button>
        </Flex>
      }
    >
      <div style={{ position: 'relative', height: 300, background: '#333' }}>
        {source ? (
          <Cropper
            image={source}
            crop={position}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            onCropChange={setPosition}
            onZoomChange={setZoom}
            onCropComplete={(_area: Area, pixels: Area) => setArea(pixels)}
          />
        ) : current ? (
          <img src={current} alt={t('profile.avatar')} style={{ display: 'block', margin: '0 auto', height: '100%', objectFit: 'contain' }} />
        ) : null}
      </div>
      <Slider min={1} max={3} step={0.1} value={zoom} onChange={setZoom} disabled={!source} ariaLabelForHandle={t('profile.avatarZoom')} />
    </AppDialog>
  );
}
